"""Builds llama_cpp_logits.json, the fixture test_llama_cpp_logits.py compares fantasma with:
llama.cpp's logits on a seeded tiny Qwen3.5 GGUF (qwen35_gguf.py, hidden 256 so that every
matrix takes the K-quant and IQ4 types; the MTP block and the embedded tokenizer included) and
on what llama.cpp's own `llama-quantize` makes of it, with each tensor's type and a checksum of
its bytes, so that the test can rebuild the same files without llama.cpp.

    python make_llama_cpp_logits.py LLAMA_CPP_BUILD_DIR

LLAMA_CPP_BUILD_DIR is a CMake build of llama.cpp with llama-quantize and libllama (CPU
backend); bench/engine/llama_logits.cpp is compiled against it here. Needs the packages of
tests/requirements.txt (gguf, numpy) and g++.
"""
import hashlib
import json
import pathlib
import re
import subprocess
import sys
import tempfile

import gguf
import numpy as np

import qwen35_gguf

HERE = pathlib.Path(__file__).resolve().parent
ROOT = HERE.parents[2]
FIXTURE = HERE / "llama_cpp_logits.json"

# Weights of standard deviation 0.05 (a gain below one per layer): with larger ones a random
# model amplifies rounding, and the 8-bit rounding of activations both engines do would hide
# a real error (with 0.1, one tensor's scales off by 10 % stayed within the noise).
SHAPE = qwen35_gguf.Shape(hidden=256, ffn=512, heads=2, kv_heads=1, head_dim=128,
                          linear_heads=2, linear_dim=128, layers=4, interval=4,
                          weight_scale=0.05)
SEED = 20261201
# "Hello, the" in byte tokens and the one merge (Ġt), then the end of a turn.
TOKENS = [72, 101, 108, 108, 111, 44, 256, 104, 101, 259]
# llama-quantize's presets (its own choice of type per tensor); F32 is the written file. In
# IQ4_XS's, the IQ4_XS tensors are then replaced by seeded random blocks
# (qwen35_gguf.random_iq4_xs): no quantizer outside llama.cpp makes them, and the test must
# rebuild the file without llama.cpp.
PRESETS = ["F16", "Q8_0", "Q4_0", "Q4_K_M", "Q5_K_M", "IQ4_XS"]


def tensor_digests(path):
    """{name: [ggml type name, shape, the stored bytes' sha256, 16 digits]} of a GGUF file."""
    reader = gguf.GGUFReader(str(path))
    return {t.name: [t.tensor_type.name, [int(n) for n in t.shape],
                     hashlib.sha256(t.data.tobytes()).hexdigest()[:16]] for t in reader.tensors}


def build_llama_logits(llama_build, out):
    cache = (llama_build / "CMakeCache.txt").read_text()
    source = pathlib.Path(re.search(r"^CMAKE_HOME_DIRECTORY:INTERNAL=(.*)$", cache, re.M)[1])
    subprocess.run(["g++", "-O1", "-std=c++17", str(ROOT / "bench/engine/llama_logits.cpp"),
                    "-I", str(source / "include"), "-I", str(source / "ggml/include"),
                    "-L", str(llama_build / "bin"), "-lllama", "-lggml", "-lggml-base",
                    f"-Wl,-rpath,{llama_build / 'bin'}", "-o", str(out)], check=True)


def llama_logits(program, model, out):
    subprocess.run([str(program), str(model), ",".join(map(str, TOKENS)), str(out)],
                   check=True, capture_output=True)
    return np.load(out)


def with_random_iq4_xs(quantized, out):
    """The model again, each tensor as `quantized` stores it but IQ4_XS ones random."""
    kept = {t.name: t for t in gguf.GGUFReader(str(quantized)).tensors}

    def stored(name, values):
        tensor = kept[name]
        if tensor.tensor_type == gguf.GGMLQuantizationType.IQ4_XS:
            return qwen35_gguf.random_iq4_xs(*values.shape, SHAPE.weight_scale, SEED, name), \
                tensor.tensor_type
        if tensor.tensor_type == gguf.GGMLQuantizationType.F32:
            return None
        return np.array(tensor.data), tensor.tensor_type

    qwen35_gguf.write_model(out, SHAPE, mtp=True, seed=SEED, stored=stored)
    return out


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    llama_build = pathlib.Path(sys.argv[1]).resolve()
    with tempfile.TemporaryDirectory() as scratch:
        scratch = pathlib.Path(scratch)
        program = scratch / "llama_logits"
        build_llama_logits(llama_build, program)
        files = {"F32": scratch / "F32.gguf"}
        qwen35_gguf.write_model(files["F32"], SHAPE, mtp=True, seed=SEED)
        for preset in PRESETS:
            files[preset] = scratch / f"{preset}.gguf"
            subprocess.run([str(llama_build / "bin/llama-quantize"), str(files["F32"]),
                            str(files[preset]), preset, "2"], check=True, capture_output=True)
        files["IQ4_XS"] = with_random_iq4_xs(files["IQ4_XS"], scratch / "IQ4_XS-random.gguf")
        fixture = {
            "about": "llama.cpp's logits (prefill, float32, rounded to 1e-4) on the model "
                     "qwen35_gguf.py writes with this shape and seed and on llama-quantize's "
                     "presets of it (IQ4_XS tensors: seeded random blocks); written by "
                     "make_llama_cpp_logits.py",
            "shape": SHAPE.__dict__, "seed": SEED, "mtp": True, "tokens": TOKENS, "files": {},
        }
        for preset, path in files.items():
            logits = llama_logits(program, path, scratch / f"{preset}.npy")
            fixture["files"][preset] = {
                "tensors": tensor_digests(path),
                "logits": np.round(logits.astype(np.float64), 4).tolist(),
            }
            print(f"{preset}: {path.stat().st_size} bytes, logits {logits.shape}")
    FIXTURE.write_text(json.dumps(fixture, separators=(",", ":")) + "\n")
    print(f"wrote {FIXTURE}")


if __name__ == "__main__":
    main()
