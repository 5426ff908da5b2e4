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

from qwen35_gguf import write_model

FANTASMA = os.environ["FANTASMA"]
REFERENCE = pathlib.Path(__file__).resolve().parents[2] / "reference" / "tokenizer"


def fantasma(*arguments):
    return subprocess.run([FANTASMA, *arguments], capture_output=True, text=True, check=False)


def test_mtp_block_is_carried_and_never_run(tmp_path):
    for folder, mtp in (("plain", False), ("mtp", True)):
        (tmp_path / folder).mkdir()
        write_model(tmp_path / folder / "model.gguf", mtp=mtp)
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


def test_chat_template_from_the_file(tmp_path):
    """--chat lays out the message as the GGUF's tokenizer.chat_template does: ChatML (with
    or without Qwen's think block) runs; another format is refused by name, not guessed."""
    chatml = "{% for m in messages %}{{'<|im_start|>' + m.role + '\\n'}}{% endfor %}"
    llama3 = "{% for m in messages %}{{'<|start_header_id|>' + m.role}}{% endfor %}"
    for name, template in (("chatml", chatml), ("llama3", llama3)):
        (tmp_path / name).mkdir()
        write_model(tmp_path / name / "model.gguf", chat_template=template)
    run = fantasma("generate", "--model", str(tmp_path / "chatml"), "--chat", "Hi",
                   "--max-tokens", "2", "--temp", "0", "--ids")
    assert run.returncode == 0, run.stderr
    run = fantasma("generate", "--model", str(tmp_path / "llama3"), "--chat", "Hi",
                   "--max-tokens", "2")
    assert run.returncode == 1
    assert "the model's chat template is not ChatML (it begins \"{% for m in messages %}" \
        "{{'<|start_header_id|>'" in run.stderr, run.stderr
    run = fantasma("generate", "--model", str(tmp_path / "llama3"), "--prompt", "Hi",
                   "--max-tokens", "2", "--temp", "0", "--ids")
    assert run.returncode == 0, run.stderr


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
