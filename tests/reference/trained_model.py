"""A tiny Qwen3.5 text model trained briefly on deterministic synthetic text.

Random tiny models are chaotic: rounding their weights to Q4_0 changes the top-1 token at more
than half of the positions, so they cannot show whether a quantized model still behaves like
the float one. This model has learned something, so its predictions have margins, and the
quantization tests can hold Q8_0 / Q4_0 to top-1 agreement with the float model.

The text is made here, from a fixed seed (no data set, nothing downloaded): short sentences
from a small grammar whose word choices are skewed (the k-th word of a list has weight 1/k, so
a trained model has a favourite at each choice, but only by a factor of two over the next:
margins that coarse quantization does upset), counting runs, and echoes of a word that is
recalled a few tokens later. Tokens are ASCII bytes (vocab 128).
The held-out sequence for the golden logits comes from the same grammar with another seed:
text the model has not been trained on.
"""

import random
import time

import torch
from transformers import Qwen3_5ForCausalLM, Qwen3_5TextConfig

VOCAB = 128  # ASCII bytes

CONFIG = dict(
    hidden_size=64,
    intermediate_size=128,
    num_hidden_layers=4,
    full_attention_interval=2,  # L, F, L, F: two of each, cheap enough to train on a CPU
    num_attention_heads=4,
    num_key_value_heads=2,
    head_dim=32,
    linear_num_key_heads=2,
    linear_num_value_heads=4,
    linear_key_head_dim=16,
    linear_value_head_dim=16,
    linear_conv_kernel_dim=4,
    vocab_size=VOCAB,
    tie_word_embeddings=True,
    rms_norm_eps=1e-6,
    rope_parameters=dict(rope_type="default", rope_theta=10000000.0,
                         partial_rotary_factor=0.25,
                         mrope_section=[11, 11, 10], mrope_interleaved=True),
)

SUBJECTS = ["the cat", "a dog", "my friend", "the old man", "her sister", "the robot", "a bird"]
VERBS = ["saw", "likes", "found", "painted", "followed", "ignored"]
OBJECTS = ["the ball", "a red box", "the garden", "some bread", "the river", "a letter"]
# No two choices a near tie at their first byte ("." and " today." against " again." would be):
# there, any rounding would flip the top-1 token, and the tests would measure luck.
ENDINGS = [".", "!", " again.", "..."]
NAMES = ["ada", "bo", "cy", "dee", "eli", "fay", "gus", "hal"]
NUMBERS = ["one", "two", "three", "four", "five", "six", "seven", "eight", "nine"]

TRAIN_SEED = 20240601
HELD_OUT_SEED = 7


def pick(rng: random.Random, words: list[str]) -> str:
    """The k-th word (from 1) with weight 1/k."""
    return rng.choices(words, weights=[1 / (k + 1) for k in range(len(words))])[0]


def sentence(rng: random.Random) -> str:
    kind = rng.random()
    if kind < 0.6:
        return f"{pick(rng, SUBJECTS)} {pick(rng, VERBS)} {pick(rng, OBJECTS)}{pick(rng, ENDINGS)}"
    if kind < 0.8:  # counting: every word after the first follows from the one before
        start = rng.randrange(0, 4)
        return " ".join(NUMBERS[start:start + pick(rng, [4, 3, 5])]) + "."
    # an echo: the name must be recalled from a few words back
    name = rng.choice(NAMES)
    return f"{name} said hi, and {pick(rng, SUBJECTS)} said hi to {name}."


def synthetic_text(seed: int, n_chars: int) -> str:
    rng = random.Random(seed)
    parts = []
    length = 0
    while length < n_chars:
        parts.append(sentence(rng))
        parts.append("\n" if rng.random() < 0.25 else " ")
        length += len(parts[-2]) + 1
    return "".join(parts)


def held_out_tokens(n_tokens: int) -> torch.Tensor:
    text = synthetic_text(HELD_OUT_SEED, n_tokens + 1)[:n_tokens]
    return torch.tensor(list(text.encode("ascii")), dtype=torch.long)


def train(steps: int = 300, batch: int = 16, length: int = 64) -> Qwen3_5ForCausalLM:
    """Trains from transformers' own init with AdamW; fixed seeds, a fixed number of steps
    (one to three minutes on two cores, as busy as they are; the loss levels off at about
    0.29 nats a byte)."""
    began = time.monotonic()
    torch.manual_seed(TRAIN_SEED)
    # Tiny tensors: one thread is faster than two here, and its sums come out the same each run.
    torch.set_num_threads(1)
    data = torch.tensor(list(synthetic_text(TRAIN_SEED, 200_000).encode("ascii")), dtype=torch.long)
    model = Qwen3_5ForCausalLM(Qwen3_5TextConfig(**CONFIG))
    model.train()
    optimizer = torch.optim.AdamW(model.parameters(), lr=3e-3, weight_decay=0.1)
    schedule = torch.optim.lr_scheduler.OneCycleLR(optimizer, max_lr=3e-3, total_steps=steps,
                                                   pct_start=0.1)
    generator = torch.Generator().manual_seed(TRAIN_SEED)
    for step in range(steps):
        starts = torch.randint(0, len(data) - length, (batch,), generator=generator)
        window = torch.stack([data[s:s + length] for s in starts.tolist()])
        loss = model(input_ids=window, labels=window).loss  # transformers shifts the labels
        optimizer.zero_grad()
        loss.backward()
        torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
        optimizer.step()
        schedule.step()
        if step % 50 == 0 or step == steps - 1:
            print(f"trained-synthetic-bf16: step {step}, loss {loss.item():.3f}", flush=True)
    print(f"trained-synthetic-bf16: trained in {time.monotonic() - began:.0f} s", flush=True)
    return model.eval()
