"""fantasma's logits against llama.cpp's on the same GGUF files, without llama.cpp: the fixture
llama_cpp_logits.json (make_llama_cpp_logits.py) holds llama.cpp's logits on a seeded tiny
Qwen3.5 (hidden 256, MTP block, embedded tokenizer) and on llama-quantize's presets of it,
with each tensor's type and checksum. Here the same files are rebuilt byte for byte in their
tensors (the same writer and seed; F16 by NumPy's rounding, the quantized tensors taken from
`fantasma quantize`, whose quantizers are ggml's reference ones; IQ4_XS tensors are seeded
random blocks in the fixture's file too), each checksum is checked, then `fantasma logits`
runs them in prefill and in decode, on each kernel table of the CPU backend that this
processor runs (a table it cannot run is reported skipped).

The measure, per position: the largest logit difference relative to the spread of llama.cpp's
logits there (max − min, about 5 on this model), the KL divergence of fantasma's next-token
distribution from llama.cpp's, and (printed, not checked: random models have near-ties) whether
the top token is the same. Tolerances, and why:

- F32: 1e-3 of the spread, KL 1e-6. Both engines compute in float32; llama.cpp's logits differ
  from fantasma's by 1.2e-4 of the spread already at the first token (not traced further:
  fantasma's fast and float32 reference backends agree to 2e-6, so the difference is in
  llama.cpp's own float32 arithmetic).
- F16: 5e-3, KL 1e-5 (measured 8.6e-4). llama.cpp rounds the activations to F16 before each
  F16 product (fantasma keeps them float32): ~2^-11 relative per product.
- Quantized (Q8_0, Q4_0, Q4_K_M, Q5_K_M, IQ4_XS): 8e-2, KL 1e-2 (measured 1.7e-2 to 4.5e-2,
  KL 4e-4 to 2.2e-3). llama.cpp rounds the activations to 8 bits (Q8_0 or Q8_K blocks) before
  every product with quantized weights, fantasma's kernels round them to 8 bits in blocks of
  their own: on Q4_K_M each lands 2–4 % of the spread from exact arithmetic (fantasma's
  float32 reference backend on the same weights: fantasma 2.2e-2, llama.cpp 3.9e-2),
  independently. One tensor's scales off by 10 % (test_a_wrong_tensor_is_caught) gives 0.17
  and KL 0.05; one block of 256 weights zeroed 0.27; swapped nibbles 0.59.
"""
import json
import os
import pathlib
import subprocess

import gguf
import numpy as np
import pytest

import qwen35_gguf
from make_llama_cpp_logits import tensor_digests

FANTASMA = os.environ["FANTASMA"]
FIXTURE = json.loads((pathlib.Path(__file__).resolve().parent / "llama_cpp_logits.json")
                     .read_text(encoding="utf-8"))
SHAPE = qwen35_gguf.Shape(**FIXTURE["shape"])
QUANTIZED_BY_FANTASMA = ["Q8_0", "Q4_0", "Q4_K", "Q5_K", "Q6_K"]
# (largest difference / spread, KL) allowed; the reasons are in the module's docstring.
TOLERANCE = {"F32": (1e-3, 1e-6), "F16": (5e-3, 1e-5)}
QUANTIZED_TOLERANCE = (8e-2, 1e-2)
# The CPU backend's kernel tables (engine/cpu/kernel_tables.cpp): each rounds and sums in its
# own way, so each is held to the fixture.
KERNEL_TABLES = ["scalar", "avx2", "avx-vnni", "avx512-vnni"]


def fantasma(*arguments):
    run = subprocess.run([FANTASMA, *arguments], capture_output=True, text=True, check=False)
    assert run.returncode == 0, run.stderr
    return run


@pytest.fixture(scope="module")
def sources(tmp_path_factory):
    """`fantasma quantize`'s tensors of each type, from the F32 model: {type: {name: tensor}}."""
    folder = tmp_path_factory.mktemp("sources")
    qwen35_gguf.write_model(folder / "F32.gguf", SHAPE, mtp=FIXTURE["mtp"], seed=FIXTURE["seed"])
    for quant_type in QUANTIZED_BY_FANTASMA:
        fantasma("quantize", str(folder / "F32.gguf"), str(folder / f"{quant_type}.gguf"),
                 "--type", quant_type.lower())
    found = {}
    for quant_type in QUANTIZED_BY_FANTASMA:
        reader = gguf.GGUFReader(str(folder / f"{quant_type}.gguf"))
        found[quant_type] = {t.name: t for t in reader.tensors if t.tensor_type.name == quant_type}
    return found


def rebuild(path, tensor_types, sources, alter=None):
    """Writes the model with each tensor stored as tensor_types says (or fails naming it);
    alter(name, stored form) may change a tensor on the way."""
    def stored(name, values):
        form = stored_form(name, values)
        return alter(name, form) if alter else form

    def stored_form(name, values):
        quant_type = tensor_types[name]
        if quant_type == "F32":
            return None
        if quant_type == "F16":
            return values.astype(np.float16), gguf.GGMLQuantizationType.F16
        if quant_type == "IQ4_XS":
            return (qwen35_gguf.random_iq4_xs(*values.shape, SHAPE.weight_scale, FIXTURE["seed"],
                                              name), gguf.GGMLQuantizationType.IQ4_XS)
        tensor = sources.get(quant_type, {}).get(name)
        if tensor is None:
            pytest.fail(f"{name}: nothing here makes {quant_type}")
        return np.array(tensor.data), tensor.tensor_type  # uint8, [rows, bytes per row]

    qwen35_gguf.write_model(path, SHAPE, mtp=FIXTURE["mtp"], seed=FIXTURE["seed"], stored=stored)


def agreement(ours, theirs):
    """Per position: largest |difference| / spread of theirs, KL(theirs ‖ ours), same top-1."""
    ours, theirs = ours.astype(np.float64), theirs.astype(np.float64)
    spread = theirs.max(axis=1) - theirs.min(axis=1)
    relative = np.abs(ours - theirs).max(axis=1) / spread

    def log_softmax(x):
        shifted = x - x.max(axis=1, keepdims=True)
        return shifted - np.log(np.exp(shifted).sum(axis=1, keepdims=True))

    log_p, log_q = log_softmax(theirs), log_softmax(ours)
    kl = (np.exp(log_p) * (log_p - log_q)).sum(axis=1)
    top1 = ours.argmax(axis=1) == theirs.argmax(axis=1)
    return relative, kl, top1


def run_against_fixture(preset, mode, sources, folder, alter=None, kernels=None):
    """(within the tolerance?, summary) of fantasma on the rebuilt file of `preset`, with the
    kernel table `kernels` (default: the fastest this processor runs)."""
    expected = FIXTURE["files"][preset]
    tensor_types = {name: kind for name, (kind, _, _) in expected["tensors"].items()}
    model = folder / "model.gguf"
    rebuild(model, tensor_types, sources, alter)
    if alter is None:
        assert tensor_digests(model) == expected["tensors"], \
            "not the file llama.cpp ran: the writer, the seed or a quantizer changed"
    out = folder / "logits.npy"
    table = ["--backend", "cpu", "--kernels", kernels] if kernels else []
    run = subprocess.run([FANTASMA, "logits", "--model", str(model), "--mode", mode, "--out",
                          str(out), "--tokens", ",".join(map(str, FIXTURE["tokens"])), *table],
                         capture_output=True, text=True, check=False)
    if run.returncode != 0 and "do not run on this processor" in run.stderr:
        # "(it runs: scalar, avx2)": a table that is not in KERNEL_TABLES would go untested
        runs = run.stderr.split("it runs: ")[-1].rstrip(")\n").split(", ")
        assert set(runs) <= set(KERNEL_TABLES), run.stderr
        pytest.skip(f"this processor does not run the {kernels} kernels (it runs {runs})")
    assert run.returncode == 0, run.stderr
    relative, kl, top1 = agreement(np.load(out), np.array(expected["logits"]))
    limit_relative, limit_kl = TOLERANCE.get(preset, QUANTIZED_TOLERANCE)
    summary = (f"{preset} {mode} {kernels or 'default'} kernels: worst difference "
               f"{relative.max():.2e} of the spread, "
               f"worst KL {kl.max():.2e}, top-1 {top1.mean():.0%}")
    print(summary)
    return relative.max() <= limit_relative and kl.max() <= limit_kl, summary


@pytest.mark.parametrize("preset", FIXTURE["files"])
@pytest.mark.parametrize("mode", ["prefill", "decode"])
@pytest.mark.parametrize("kernels", KERNEL_TABLES)
def test_logits_agree_with_llama_cpp(preset, mode, kernels, sources, tmp_path):
    within, summary = run_against_fixture(preset, mode, sources, tmp_path, kernels=kernels)
    assert within, summary


def test_a_wrong_tensor_is_caught(sources, tmp_path):
    """The tolerance is tight enough to see one tensor read 10 % too large."""

    def scale_up(name, form):
        if name != "blk.1.ffn_gate.weight":
            return form
        data, quant_type = form
        assert quant_type.name == "Q4_K"
        blocks = data.reshape(-1, 144).copy()  # a Q4_K block starts with its f16 scale d
        d = blocks[:, :2].copy().view(np.float16) * np.float16(1.1)
        blocks[:, :2] = d.view(np.uint8)
        return blocks.reshape(data.shape), quant_type

    within, summary = run_against_fixture("Q4_K_M", "prefill", sources, tmp_path, scale_up)
    assert not within, summary
