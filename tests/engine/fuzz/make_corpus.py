#!/usr/bin/env python3
"""Writes the fuzz targets' seed corpora (corpus/gguf, corpus/safetensors, corpus/tokenizer):
small valid files of each format, so the fuzzers start from inputs that reach deep into the
parsers. Standard library only; run from anywhere."""
import json
import pathlib
import struct

HERE = pathlib.Path(__file__).resolve().parent
SUBSET = HERE.parents[1] / "reference" / "tokenizer" / "qwen35-subset.json"


def gguf_string(text):
    data = text.encode()
    return struct.pack("<Q", len(data)) + data


def gguf(version, metadata, tensors, alignment=32):
    """metadata: (key, type, packed value); tensors: (name, ne, ggml type, bytes)."""
    out = b"GGUF" + struct.pack("<IQQ", version, len(tensors), len(metadata))
    for key, kind, value in metadata:
        out += gguf_string(key) + struct.pack("<I", kind) + value
    offset, blobs = 0, b""
    for name, ne, kind, data in tensors:
        out += gguf_string(name) + struct.pack("<I", len(ne)) + b"".join(struct.pack("<Q", n) for n in ne)
        out += struct.pack("<IQ", kind, offset)
        padded = data + b"\0" * (-len(data) % alignment)
        blobs += padded
        offset += len(padded)
    out += b"\0" * (-len(out) % alignment)
    return out + blobs


def write_gguf_seeds(folder):
    metadata = [
        ("general.architecture", 8, gguf_string("qwen35")),
        ("qwen35.block_count", 4, struct.pack("<I", 2)),
        ("qwen35.rope.freq_base", 6, struct.pack("<f", 1e7)),
        ("tokenizer.ggml.add_bos_token", 7, b"\1"),
        ("general.size", 10, struct.pack("<Q", 7)),
        ("qwen35.rope.dimension_sections", 9, struct.pack("<IQ", 5, 4) + struct.pack("<4i", 11, 11, 10, 0)),
        ("tokenizer.ggml.tokens", 9, struct.pack("<IQ", 8, 2) + gguf_string("a") + gguf_string("b")),
    ]
    half_one = struct.pack("<e", 0.5)
    tensors = [
        ("f32", [4, 2], 0, struct.pack("<8f", *range(8))),
        ("f16", [8], 1, struct.pack("<8e", *range(8))),
        ("q8_0", [32], 8, half_one + bytes(range(32))),
        ("q4_0", [32], 2, half_one + bytes(range(16))),
        ("q4_k", [256], 12, half_one + half_one + bytes(range(12)) + bytes(range(128))),
        ("q6_k", [256], 14, bytes(range(128)) + bytes(range(64)) + bytes(range(16)) + half_one),
        ("bf16", [2], 30, struct.pack("<2H", 0x3F80, 0xC000)),
    ]
    (folder / "v3_every_type").write_bytes(gguf(3, metadata, tensors))
    aligned = [("general.alignment", 4, struct.pack("<I", 64))]
    (folder / "v2_aligned_64").write_bytes(gguf(2, aligned, tensors[:2], alignment=64))
    (folder / "empty").write_bytes(gguf(3, [], []))


def write_safetensors_seeds(folder):
    def safetensors(header, data):
        text = json.dumps(header).encode()
        return struct.pack("<Q", len(text)) + text + data

    header = {
        "__metadata__": {"format": "pt"},
        "model.embed_tokens.weight": {"dtype": "F32", "shape": [2, 3], "data_offsets": [0, 24]},
        "model.norm.weight": {"dtype": "BF16", "shape": [4], "data_offsets": [24, 32]},
        "lm_head.weight": {"dtype": "F16", "shape": [2, 2], "data_offsets": [32, 40]},
    }
    data = struct.pack("<6f", *range(6)) + struct.pack("<4H", 0x3F80, 0, 0xBF80, 0x4000) + struct.pack("<4e", 1, 2, 3, 4)
    (folder / "three_dtypes").write_bytes(safetensors(header, data))
    empty = {"empty": {"dtype": "F32", "shape": [0, 4], "data_offsets": [0, 0]}}
    (folder / "empty_tensor").write_bytes(safetensors(empty, b""))


def write_tokenizer_seeds(folder):
    full = json.loads(SUBSET.read_text())
    vocab = {token: i for token, i in full["model"]["vocab"].items() if i < 300}
    merges = []
    for merge in full["model"]["merges"]:
        left, right = merge if isinstance(merge, list) else merge.split(" ", 1)
        if left in vocab and right in vocab and left + right in vocab:
            merges.append(merge)
    small = dict(full)
    small["model"] = dict(full["model"], vocab=vocab, merges=merges)
    small["added_tokens"] = [dict(t, id=300 + n) for n, t in enumerate(full["added_tokens"][:3])]
    (folder / "qwen35_small.json").write_text(json.dumps(small, ensure_ascii=False))
    (folder / "no_merges.json").write_text(json.dumps({"model": {"type": "BPE", "vocab": {"a": 0}, "merges": []}}))


for name, write in (("gguf", write_gguf_seeds), ("safetensors", write_safetensors_seeds), ("tokenizer", write_tokenizer_seeds)):
    folder = HERE / "corpus" / name
    folder.mkdir(parents=True, exist_ok=True)
    write(folder)
