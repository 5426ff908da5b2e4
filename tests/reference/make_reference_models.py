#!/usr/bin/env python3
"""Builds tiny Qwen3.5 text models and the logits Hugging Face transformers computes for them.

The engine's golden tests compare against these files, so they are committed and the tests
need no torch. Regenerate with (versions pinned in requirements.txt beside this file):

    scripts/python-env.sh reference
    .venv-reference/bin/python tests/reference/make_reference_models.py [--models NAME ...]

Three models have random weights in several configs (odd sizes, more value heads than key
heads, irregular layer patterns). The fourth, trained-synthetic-bf16 (trained_model.py), is
trained for one to three minutes on the CPU on synthetic text made from a fixed seed: random
models are chaotic, so only a trained one shows whether quantized weights keep the float
model's predictions. `--models trained-synthetic-bf16` remakes it alone; the others depend
only on their own seeds.

Each model folder gets config.json, weights (*.safetensors, some sharded with an index),
tokens.txt (the fixed token sequence, comma separated; for the trained model held-out text,
ASCII bytes) and logits.npy (float32 [n_tokens, vocab], one full-sequence forward pass). The
multimodal and trained models also get logits_q8_0.npy and logits_q4_0.npy: the same pass
with their weight matrices rounded through ggml's Q8_0 / Q4_0 reference quantizers, what a
GGUF of those types must reproduce; the script prints how often those keep the float model's
top-1 token. The script also checks that the token-by-token path with a cache gives the same
logits, so the golden numbers do not depend on which of transformers' two delta-rule
implementations ran.
"""

import argparse
import json
import math
import shutil
from pathlib import Path

import numpy as np
import torch
from safetensors.torch import save_file
from transformers import Qwen3_5ForCausalLM, Qwen3_5TextConfig

import trained_model

HERE = Path(__file__).resolve().parent

# The trained model of trained_model.py, stored as bfloat16 like the released checkpoints.
TRAINED_NAME = "trained-synthetic-bf16"
TRAINED_TOKENS = 256

# Each entry: folder name, text config, storage dtype, layout of the saved folder.
#   layout "causal_lm":   Qwen3_5ForCausalLM names (model.*, lm_head.weight), one file.
#   layout "multimodal":  Qwen3_5ForConditionalGeneration names (model.language_model.*),
#                         config under text_config, sharded into two files with an index,
#                         plus vision and mtp tensors the engine must skip.
MODELS = [
    (
        "tied-gqa-bf16",
        dict(
            hidden_size=64,
            intermediate_size=96,
            num_hidden_layers=6,
            layer_types=["linear_attention", "full_attention", "linear_attention",
                         "linear_attention", "full_attention", "linear_attention"],
            num_attention_heads=4,
            num_key_value_heads=2,
            head_dim=32,
            linear_num_key_heads=2,
            linear_num_value_heads=4,  # more value heads than key heads, as in the 4B and up
            linear_key_head_dim=16,
            linear_value_head_dim=24,
            linear_conv_kernel_dim=4,
            vocab_size=512,
            tie_word_embeddings=True,
            rms_norm_eps=1e-6,
            rope_parameters=dict(rope_type="default", rope_theta=10000000.0,
                                 partial_rotary_factor=0.25,
                                 mrope_section=[11, 11, 10], mrope_interleaved=True),
        ),
        torch.bfloat16,
        "causal_lm",
        160,
    ),
    (
        "untied-odd-f32",
        dict(
            hidden_size=48,
            intermediate_size=80,
            num_hidden_layers=4,
            full_attention_interval=2,  # no layer_types: derived as L, F, L, F
            num_attention_heads=3,
            num_key_value_heads=1,
            head_dim=20,
            linear_num_key_heads=3,
            linear_num_value_heads=3,
            linear_key_head_dim=12,
            linear_value_head_dim=20,
            linear_conv_kernel_dim=3,
            vocab_size=301,
            tie_word_embeddings=False,
            rms_norm_eps=1e-5,
            rope_parameters=dict(rope_type="default", rope_theta=10000.0,
                                 partial_rotary_factor=0.5),
        ),
        torch.float32,
        "causal_lm",
        153,
    ),
    (
        "multimodal-sharded-f16",
        dict(
            hidden_size=64,
            intermediate_size=128,
            num_hidden_layers=8,  # default layer pattern, full attention at 3 and 7
            num_attention_heads=4,
            num_key_value_heads=1,
            head_dim=32,
            linear_num_key_heads=2,
            linear_num_value_heads=6,  # 3 value heads per key head; GGUF reorders these
            linear_key_head_dim=16,
            linear_value_head_dim=16,
            linear_conv_kernel_dim=4,
            vocab_size=384,
            tie_word_embeddings=True,
            rms_norm_eps=1e-6,
            rope_parameters=dict(rope_type="default", rope_theta=10000000.0,
                                 partial_rotary_factor=0.25,
                                 mrope_section=[11, 11, 10], mrope_interleaved=True),
        ),
        torch.float16,
        "multimodal",
        150,
    ),
]


def randomize(model: Qwen3_5ForCausalLM, generator: torch.Generator) -> None:
    """Replaces transformers' init (zeros, ones, tiny std) by values that make every term matter."""

    def normal(shape, std):
        return torch.randn(shape, generator=generator) * std

    def uniform(shape, low, high):
        return torch.rand(shape, generator=generator) * (high - low) + low

    with torch.no_grad():
        for name, p in model.named_parameters():
            if name.endswith("A_log"):
                p.copy_(torch.log(uniform(p.shape, 0.3, 3.0)))
            elif name.endswith("dt_bias"):
                p.copy_(normal(p.shape, 1.0))
            elif name.endswith("linear_attn.norm.weight"):
                p.copy_(uniform(p.shape, 0.5, 1.5))  # plain weight
            elif name.endswith("norm.weight"):
                p.copy_(uniform(p.shape, -0.5, 0.5))  # zero-centred: the norm uses 1 + w
            elif name.endswith("conv1d.weight"):
                p.copy_(normal(p.shape, 0.5))
            elif name.endswith("embed_tokens.weight"):
                p.copy_(normal(p.shape, 1.0))
            elif p.dim() == 2:
                p.copy_(normal(p.shape, 1.0 / math.sqrt(p.shape[1])))
            else:
                raise RuntimeError(f"no init rule for {name}")


def round_to(model: Qwen3_5ForCausalLM, dtype: torch.dtype) -> None:
    """Rounds every weight to the storage dtype, so float32 logits use exactly the stored values."""
    with torch.no_grad():
        for p in model.parameters():
            p.copy_(p.to(dtype).to(torch.float32))


def round_half_away(x: torch.Tensor) -> torch.Tensor:
    """C's roundf (ties away from zero), exactly, in float32."""
    whole = torch.trunc(x)
    return whole + torch.where((x - whole).abs() >= 0.5, torch.sign(x), torch.zeros_like(x))


def ggml_roundtrip(weight: torch.Tensor, kind: str) -> torch.Tensor:
    """Quantizes and dequantizes like ggml's quantize_row_q8_0_ref / q4_0_ref, bit for bit."""
    blocks = weight.reshape(-1, 32).float()
    if kind == "q8_0":
        scale = blocks.abs().max(1, keepdim=True).values / 127
    else:  # q4_0: the scale carries the sign of the largest-magnitude value
        scale = torch.gather(blocks, 1, blocks.abs().argmax(1, keepdim=True)) / -8
    # ggml divides by the float32 scale but stores it as float16.
    inverse = torch.where(scale != 0, 1 / scale, torch.zeros_like(scale))
    if kind == "q8_0":
        q = round_half_away(blocks * inverse)
    else:
        q = torch.clamp(torch.trunc(blocks * inverse + 8.5), max=15) - 8
    return (q * scale.half().float()).reshape(weight.shape)


def tiled_value_head_order(config) -> list[int]:
    """llama.cpp's converter reorders DeltaNet value heads so that head j reads key head
    j % Hk; j holds transformers' head (j % Hk) * group + j // Hk."""
    hk, hv = config.linear_num_key_heads, config.linear_num_value_heads
    return [(j % hk) * (hv // hk) + j // hk for j in range(hv)]


def quantized_logits(model, tokens: torch.Tensor, kind: str) -> torch.Tensor:
    """Logits with every weight matrix whose rows are whole 32-blocks stored as `kind`,
    the matrices the engine's GGUF converter quantizes. out_proj is quantized in llama.cpp's
    value-head order, since its blocks run across heads."""
    config = model.config
    order = tiled_value_head_order(config)
    dv = config.linear_value_head_dim
    columns = torch.tensor([h * dv + i for h in order for i in range(dv)])
    saved = {name: p.detach().clone() for name, p in model.named_parameters()}
    with torch.no_grad():
        for name, p in model.named_parameters():
            if p.dim() != 2 or p.shape[1] % 32 != 0:
                continue
            if name.endswith("linear_attn.out_proj.weight"):
                tiled = ggml_roundtrip(p[:, columns], kind)
                p[:, columns] = tiled
            else:
                p.copy_(ggml_roundtrip(p, kind))
        logits = logits_full(model, tokens)
        for name, p in model.named_parameters():
            p.copy_(saved[name])
    return logits


def logits_full(model, tokens: torch.Tensor) -> torch.Tensor:
    with torch.no_grad():
        return model(input_ids=tokens[None, :]).logits[0]


def logits_token_by_token(model, tokens: torch.Tensor) -> torch.Tensor:
    rows = []
    with torch.no_grad():
        out = model(input_ids=tokens[None, :1], use_cache=True)
        rows.append(out.logits[0, -1])
        cache = out.cache
        for i in range(1, len(tokens)):
            out = model(input_ids=tokens[None, i:i + 1], cache=cache, use_cache=True)
            cache = out.cache
            rows.append(out.logits[0, -1])
    return torch.stack(rows)


def save_causal_lm(folder: Path, model, config_dict: dict, dtype: torch.dtype, flat_rope: bool) -> None:
    tensors = {name: t.to(dtype).contiguous() for name, t in model.state_dict().items()}
    if config_dict["tie_word_embeddings"]:
        tensors.pop("lm_head.weight")
    save_file(tensors, folder / "model.safetensors", metadata={"format": "pt"})
    config = dict(config_dict)
    if flat_rope:  # the older layout: rope settings at the top level
        config.update(config.pop("rope_parameters"))
        config.pop("rope_type")
    config.update(architectures=["Qwen3_5ForCausalLM"], model_type="qwen3_5_text",
                  torch_dtype=str(dtype).removeprefix("torch."), hidden_act="silu",
                  attn_output_gate=True, eos_token_id=1)
    (folder / "config.json").write_text(json.dumps(config, indent=2) + "\n")


def save_multimodal(folder: Path, model, config_dict: dict, dtype: torch.dtype,
                    generator: torch.Generator) -> None:
    """Saves the text model the way the released Qwen3.5 checkpoints are laid out."""
    tensors = {}
    for name, t in model.state_dict().items():
        if name == "lm_head.weight":
            continue  # tied
        tensors["model.language_model." + name.removeprefix("model.")] = t.to(dtype).contiguous()
    # Tensors a text-only engine must skip.
    tensors["model.visual.patch_embed.proj.weight"] = torch.randn(8, 3, 2, 2, 2, generator=generator).to(dtype)
    tensors["mtp.fc.weight"] = torch.randn(8, 16, generator=generator).to(dtype)

    names = sorted(tensors)
    shards = [names[: len(names) // 2], names[len(names) // 2:]]
    weight_map = {}
    for i, shard in enumerate(shards):
        file = f"model-{i + 1:05d}-of-{len(shards):05d}.safetensors"
        save_file({n: tensors[n] for n in shard}, folder / file, metadata={"format": "pt"})
        weight_map.update({n: file for n in shard})
    index = {"metadata": {"total_size": sum(t.numel() * t.element_size() for t in tensors.values())},
             "weight_map": weight_map}
    (folder / "model.safetensors.index.json").write_text(json.dumps(index, indent=2) + "\n")

    text_config = dict(config_dict)
    text_config.update(model_type="qwen3_5_text", hidden_act="silu", attn_output_gate=True,
                       eos_token_id=1, torch_dtype=str(dtype).removeprefix("torch."))
    text_config.pop("tie_word_embeddings")
    config = {
        "architectures": ["Qwen3_5ForConditionalGeneration"],
        "model_type": "qwen3_5",
        "tie_word_embeddings": config_dict["tie_word_embeddings"],
        "text_config": text_config,
        "vision_config": {"model_type": "qwen3_5", "depth": 1, "hidden_size": 8, "out_hidden_size": 64},
        "image_token_id": 7,
    }
    (folder / "config.json").write_text(json.dumps(config, indent=2) + "\n")


def check_decode_matches_prefill(name: str, model, tokens: torch.Tensor) -> torch.Tensor:
    """The full-sequence logits, after checking the token-by-token path with a cache agrees."""
    full = logits_full(model, tokens)
    stepped = logits_token_by_token(model, tokens)
    step_error = (full - stepped).abs().max().item()
    if step_error > 1e-4 * full.abs().max().item():
        raise RuntimeError(f"{name}: transformers' prefill and decode disagree by {step_error}")
    print(f"{name}: {len(tokens)} tokens, logits max |x| {full.abs().max().item():.3f}, "
          f"prefill vs decode max diff {step_error:.2e}")
    return full


def save_quantized_goldens(folder: Path, name: str, model, tokens: torch.Tensor,
                           full: torch.Tensor) -> None:
    for kind in ("q8_0", "q4_0"):
        quantized = quantized_logits(model, tokens, kind)
        np.save(folder / f"logits_{kind}.npy", quantized.numpy().astype(np.float32))
        top1 = (quantized.argmax(1) == full.argmax(1)).float().mean().item()
        print(f"{name}: {kind} top-1 agreement with float weights {top1:.3f}")


def fresh_folder(name: str) -> Path:
    folder = HERE / name
    shutil.rmtree(folder, ignore_errors=True)
    folder.mkdir()
    return folder


def make_random_model(index: int) -> None:
    name, config_dict, dtype, layout, n_tokens = MODELS[index]
    generator = torch.Generator().manual_seed(1234 + index)
    config = Qwen3_5TextConfig(**config_dict)
    model = Qwen3_5ForCausalLM(config).eval()
    randomize(model, generator)
    if config.tie_word_embeddings:
        model.tie_weights()
    round_to(model, dtype)

    tokens = torch.randint(0, config.vocab_size, (n_tokens,), generator=generator)
    full = check_decode_matches_prefill(name, model, tokens)
    folder = fresh_folder(name)
    if layout == "causal_lm":
        save_causal_lm(folder, model, config_dict, dtype, flat_rope=(index == 1))
    else:
        save_multimodal(folder, model, config_dict, dtype, generator)
    (folder / "tokens.txt").write_text(",".join(str(t) for t in tokens.tolist()) + "\n")
    np.save(folder / "logits.npy", full.numpy().astype(np.float32))
    if layout == "multimodal":  # every matrix is whole blocks: the quantized goldens
        save_quantized_goldens(folder, name, model, tokens, full)


def make_trained_model() -> None:
    """The trained model (trained_model.py), its goldens on held-out text."""
    name, dtype = TRAINED_NAME, torch.bfloat16
    model = trained_model.train()
    round_to(model, dtype)
    tokens = trained_model.held_out_tokens(TRAINED_TOKENS)
    full = check_decode_matches_prefill(name, model, tokens)
    folder = fresh_folder(name)
    save_causal_lm(folder, model, trained_model.CONFIG, dtype, flat_rope=False)
    (folder / "tokens.txt").write_text(",".join(str(t) for t in tokens.tolist()) + "\n")
    np.save(folder / "logits.npy", full.numpy().astype(np.float32))
    save_quantized_goldens(folder, name, model, tokens, full)


def main() -> None:
    names = [entry[0] for entry in MODELS] + [TRAINED_NAME]
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--models", nargs="+", choices=names, default=names, metavar="NAME",
                        help="the models to (re)make, of: " + ", ".join(names) + " (default: all)")
    selected = parser.parse_args().models
    torch.manual_seed(0)
    for index, entry in enumerate(MODELS):
        if entry[0] in selected:
            make_random_model(index)
    if TRAINED_NAME in selected:
        make_trained_model()


if __name__ == "__main__":
    main()
