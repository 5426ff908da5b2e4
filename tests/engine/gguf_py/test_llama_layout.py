"""GGUF files written by llama.cpp's own writer (the `gguf` package, gguf-py, pinned in
tests/requirements.txt), with its tensor names and keys, run by the `fantasma` binary:

- a tiny Qwen3.5 carrying the multi-token-prediction block as llama.cpp's converter writes it
  (block_count one higher, nextn_predict_layers = 1, blk.N.nextn.*) gives the same logits as
  the same model without it, and `model info` counts the block apart;
- the Qwen3.5 vocabulary written as the converter writes it (tokens padded with [PAD…],
  token types, merges, pre = qwen35), alone in a folder, tokenizes as tokenizer.json does.
"""
import json
import os
import pathlib
import subprocess

import gguf
import numpy as np
import pytest

FANTASMA = os.environ["FANTASMA"]
REFERENCE = pathlib.Path(__file__).resolve().parents[2] / "reference" / "tokenizer"

HIDDEN, FFN, HEADS, KV_HEADS, HEAD_DIM = 64, 128, 4, 1, 32
LINEAR_HEADS, LINEAR_DIM, CONV = 2, 16, 4
LAYERS, INTERVAL = 4, 4
T = gguf.MODEL_TENSOR


def name(tensor, layer=None, suffix=".weight"):
    base = gguf.TENSOR_NAMES[tensor]
    return (base.format(bid=layer) if layer is not None else base) + suffix


def byte_tokens():
    """GPT-2's byte alphabet: printable bytes as themselves, the others from U+0100."""
    printable = [*range(ord("!"), ord("~") + 1), *range(0xA1, 0xAD), *range(0xAE, 0x100)]
    table, extra = {}, 0
    for byte in range(256):
        if byte in printable:
            table[byte] = chr(byte)
        else:
            table[byte] = chr(256 + extra)
            extra += 1
    return [table[b] for b in range(256)]


def write_model(path, mtp):
    rng = np.random.default_rng(7)
    blocks = LAYERS + (1 if mtp else 0)
    writer = gguf.GGUFWriter(str(path), "qwen35")
    writer.add_block_count(blocks)
    if mtp:
        writer.add_nextn_predict_layers(1)
    writer.add_context_length(4096)
    writer.add_embedding_length(HIDDEN)
    writer.add_feed_forward_length(FFN)
    writer.add_head_count(HEADS)
    writer.add_head_count_kv(KV_HEADS)
    writer.add_key_length(HEAD_DIM)
    writer.add_value_length(HEAD_DIM)
    writer.add_rope_freq_base(1e7)
    writer.add_layer_norm_rms_eps(1e-6)
    writer.add_rope_dimension_count(HEAD_DIM // 4)
    writer.add_ssm_conv_kernel(CONV)
    writer.add_ssm_state_size(LINEAR_DIM)
    writer.add_ssm_group_count(LINEAR_HEADS)
    writer.add_ssm_time_step_rank(LINEAR_HEADS)
    writer.add_ssm_inner_size(LINEAR_DIM * LINEAR_HEADS)
    writer.add_full_attention_interval(INTERVAL)
    tokens = byte_tokens() + ["\u0120t", "<|endoftext|>", "<|im_start|>", "<|im_end|>"]
    types = [gguf.TokenType.NORMAL] * 257 + [gguf.TokenType.CONTROL] * 3
    writer.add_tokenizer_model("gpt2")
    writer.add_tokenizer_pre("qwen35")
    writer.add_token_list(tokens)
    writer.add_token_types(types)
    writer.add_token_merges(["\u0120 t"])
    writer.add_eos_token_id(259)

    def matrix(rows, cols):
        return (rng.standard_normal((rows, cols)) * 0.1).astype(np.float32)

    def norm(size):
        return (1.0 + 0.05 * rng.standard_normal(size)).astype(np.float32)

    conv_dim = 3 * LINEAR_DIM * LINEAR_HEADS
    writer.add_tensor(name(T.TOKEN_EMBD), matrix(len(tokens), HIDDEN))
    writer.add_tensor(name(T.OUTPUT_NORM), norm(HIDDEN))
    for layer in range(blocks):
        writer.add_tensor(name(T.ATTN_NORM, layer), norm(HIDDEN))
        writer.add_tensor(name(T.ATTN_POST_NORM, layer), norm(HIDDEN))
        # The MTP block is one full-attention layer, whatever the interval says.
        if (layer + 1) % INTERVAL == 0 or layer == LAYERS:
            writer.add_tensor(name(T.ATTN_Q, layer), matrix(2 * HEADS * HEAD_DIM, HIDDEN))
            writer.add_tensor(name(T.ATTN_K, layer), matrix(KV_HEADS * HEAD_DIM, HIDDEN))
            writer.add_tensor(name(T.ATTN_V, layer), matrix(KV_HEADS * HEAD_DIM, HIDDEN))
            writer.add_tensor(name(T.ATTN_OUT, layer), matrix(HIDDEN, HEADS * HEAD_DIM))
            writer.add_tensor(name(T.ATTN_Q_NORM, layer), norm(HEAD_DIM))
            writer.add_tensor(name(T.ATTN_K_NORM, layer), norm(HEAD_DIM))
        else:
            writer.add_tensor(name(T.ATTN_QKV, layer), matrix(conv_dim, HIDDEN))
            writer.add_tensor(name(T.ATTN_GATE, layer), matrix(LINEAR_DIM * LINEAR_HEADS, HIDDEN))
            writer.add_tensor(name(T.SSM_CONV1D, layer), matrix(conv_dim, CONV))
            writer.add_tensor(name(T.SSM_DT, layer, ".bias"), norm(LINEAR_HEADS) - 1)
            writer.add_tensor(name(T.SSM_A, layer, ""), -np.exp(norm(LINEAR_HEADS)))
            writer.add_tensor(name(T.SSM_BETA, layer), matrix(LINEAR_HEADS, HIDDEN))
            writer.add_tensor(name(T.SSM_ALPHA, layer), matrix(LINEAR_HEADS, HIDDEN))
            writer.add_tensor(name(T.SSM_NORM, layer), norm(LINEAR_DIM))
            writer.add_tensor(name(T.SSM_OUT, layer), matrix(HIDDEN, LINEAR_DIM * LINEAR_HEADS))
        writer.add_tensor(name(T.FFN_GATE, layer), matrix(FFN, HIDDEN))
        writer.add_tensor(name(T.FFN_UP, layer), matrix(FFN, HIDDEN))
        writer.add_tensor(name(T.FFN_DOWN, layer), matrix(HIDDEN, FFN))
        if layer == LAYERS:
            writer.add_tensor(name(T.NEXTN_EH_PROJ, layer), matrix(HIDDEN, 2 * HIDDEN))
            for tensor in (T.NEXTN_ENORM, T.NEXTN_HNORM, T.NEXTN_SHARED_HEAD_NORM):
                writer.add_tensor(name(tensor, layer), norm(HIDDEN))
    writer.write_header_to_file()
    writer.write_kv_data_to_file()
    writer.write_tensors_to_file()
    writer.close()


def fantasma(*arguments):
    return subprocess.run([FANTASMA, *arguments], capture_output=True, text=True, check=False)


def test_mtp_block_is_carried_and_never_run(tmp_path):
    for folder, mtp in (("plain", False), ("mtp", True)):
        (tmp_path / folder).mkdir()
        write_model(tmp_path / folder / "model.gguf", mtp)
    info = fantasma("model", "info", str(tmp_path / "mtp"))
    assert info.returncode == 0, info.stdout + info.stderr
    assert "4 (3 Gated DeltaNet, 1 gated attention) + 1 multi-token-prediction" in info.stdout
    assert "supported:     yes" in info.stdout
    logits = {}
    for folder in ("plain", "mtp"):
        out = tmp_path / f"{folder}.npy"
        run = fantasma("logits", "--model", str(tmp_path / folder), "--tokens",
                       "72,101,108,108,111,259", "--out", str(out))
        assert run.returncode == 0, run.stderr
        logits[folder] = np.load(out)
    assert logits["mtp"].shape == (6, 260)
    assert np.isfinite(logits["mtp"]).all()
    assert np.array_equal(logits["mtp"], logits["plain"])


def test_embedded_tokenizer_matches_tokenizer_json(tmp_path):
    source = json.loads((REFERENCE / "qwen35-subset.json").read_text(encoding="utf-8"))
    rows = 248320
    tokens = [f"[PAD{i}]" for i in range(rows)]
    types = [gguf.TokenType.UNUSED] * rows
    for token, token_id in source["model"]["vocab"].items():
        tokens[token_id], types[token_id] = token, gguf.TokenType.NORMAL
    for added in source["added_tokens"]:
        tokens[added["id"]] = added["content"]
        types[added["id"]] = gguf.TokenType.CONTROL if added["special"] else gguf.TokenType.USER_DEFINED
    merges = [m if isinstance(m, str) else " ".join(m) for m in source["model"]["merges"]]
    writer = gguf.GGUFWriter(str(tmp_path / "tokenizer-only.gguf"), "qwen35")
    writer.add_tokenizer_model("gpt2")
    writer.add_tokenizer_pre("qwen35")
    writer.add_token_list(tokens)
    writer.add_token_types(types)
    writer.add_token_merges(merges)
    writer.add_eos_token_id(248046)
    writer.write_header_to_file()
    writer.write_kv_data_to_file()
    writer.write_tensors_to_file()
    writer.close()
    cases = [json.loads(line) for line in (REFERENCE / "cases.jsonl").read_text(encoding="utf-8").split("\n") if line]
    # Every 30th case (40 of them): each run reads the 248,320-entry vocabulary afresh.
    for case in cases[::30]:
        if case["text"].startswith("-") or "\0" in case["text"]:
            continue  # would read as an option / cannot be an argument
        run = fantasma("tokenize", "--ids", "--model", str(tmp_path), "--", case["text"])
        assert run.returncode == 0, run.stderr
        ids = [int(i) for i in run.stdout.strip().split(",") if i]
        assert ids == case["ids"], case["text"]
