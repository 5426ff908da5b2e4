"""The harness's pieces on hand-written inputs."""
import random

import numpy as np
import pytest

from fantasma_eval import edits, faithfulness
from fantasma_eval.ablations import ABLATIONS


@pytest.fixture(scope="module")
def encoder():
    from fantasma_eval.embedding import SentenceEncoder

    return SentenceEncoder()


def test_embedding_matches_the_published_vector(encoder):
    # First five values for "hello world" from fastembed's test of all-MiniLM-L6-v2
    # (mean pooling, normalized), computed there with the reference implementation.
    vector = encoder.embed("hello world")
    assert vector.shape == (384,)
    assert np.allclose(vector[:5], [-0.034478, 0.03102, 0.00673, 0.02611, -0.039362], atol=1e-4)
    assert np.linalg.norm(vector) == pytest.approx(1.0)


def test_embedding_puts_a_paraphrase_nearer_than_another_subject(encoder):
    from fantasma_eval.embedding import cosine

    text = "The committee postponed the vote until next week because of the storm."
    paraphrase = "Because of the storm, the committee delayed the vote to next week."
    other = "My grandmother grows tomatoes and peppers in her garden every summer."
    assert cosine(encoder.embed(text), encoder.embed(paraphrase)) > 0.8
    assert cosine(encoder.embed(text), encoder.embed(other)) < 0.3


def test_long_documents_are_cut_into_pieces_that_fit(encoder):
    sentence = "The quick brown fox jumps over the lazy dog near the river bank. "
    pieces = encoder.chunks(sentence * 60)
    assert len(pieces) >= 3
    assert all(encoder.token_count(piece) <= 256 for piece in pieces)
    assert " ".join(pieces) == (sentence * 60).strip()


ORIGINAL = "I  realise the colour -- of 3 apples.  We realise it."
REWRITE = "I realize the color — of 3 apples. We realize it."


def test_guided_edits_are_recovered_token_by_token():
    found = edits.guided_edits(ORIGINAL, REWRITE)
    assert [(e.old, e.new, e.kind) for e in found] == [
        ("  ", " ", "whitespace"), ("realise", "realize", "word"), ("colour", "color", "word"),
        ("--", "—", "punctuation"), ("  ", " ", "whitespace"), ("realise", "realize", "word")]
    assert edits.apply(ORIGINAL, found) == REWRITE


def test_an_insertion_keeps_the_kind_of_what_it_inserts():
    found = edits.guided_edits("apples and pears", "apples, and pears")
    assert [(e.old, e.new, e.kind) for e in found] == [("apples", "apples,", "punctuation")]


def test_random_edits_match_count_and_kinds_and_avoid_the_guided_places():
    text = "We realise  it. They realise it -- and she will realise it too.  Realise!"
    guided = [edits.Edit(3, 10, "realise", "realize", "word"),
              edits.Edit(10, 12, "  ", " ", "whitespace")]
    pool = {("realise", "realize", "word"), ("  ", " ", "whitespace"), ("--", "—", "punctuation")}
    for seed in range(20):
        chosen, shortfall = edits.random_edits(text, guided, pool, random.Random(seed))
        assert shortfall == 0
        assert sorted(e.kind for e in chosen) == ["whitespace", "word"]
        assert all(e.start >= 12 for e in chosen)  # never at the guided places
        assert all(text[e.start:e.end] == e.old for e in chosen)


def test_random_edits_count_a_shortfall_when_places_run_out():
    guided = [edits.Edit(0, 2, "  ", " ", "whitespace")] * 2
    chosen, shortfall = edits.random_edits("  one -- two", guided[:1] + [
        edits.Edit(3, 3, "", "", "whitespace")], {("--", "—", "punctuation")}, random.Random(0))
    assert len(chosen) == 1 and chosen[0].kind == "punctuation"
    assert shortfall == 2  # one edit of another kind, one not placed at all


def test_faithfulness_counts_content_words_numbers_and_names():
    original = "In 2019 Maria moved 3 boxes to Boston. She said the boxes were heavy."
    rewritten = "In 2019 Maria moved three boxes to Boston. She said the boxes were heavy."
    measured = faithfulness.measure(original, rewritten)
    # content words: moved boxes boston said boxes heavy maria -> 7, all kept
    assert measured["content_words"] == 1.0
    assert measured["numbers"] == 0.5  # 2019 kept, 3 lost
    assert measured["names"] == 1.0  # Maria, Boston ("In" and "She" open sentences)
    assert faithfulness.measure("no digits here", "none")["numbers"] is None
    assert faithfulness.measure(original, "In 2019 she moved.")["names"] == 0.0
    # Invisible marks between a sentence's end and the next one hide nothing from a reader:
    # "Are" opens a sentence whether or not the rewrite removed them.
    marked = "Why do they evolve?\u202d \u202cAre there limits? Ask Darwin."
    assert faithfulness.measure(marked, "Why do they evolve? Are there limits? Ask Darwin.")[
        "names"] == 1.0


def test_ablations_change_what_they_name():
    text = "“Well…”  she said — Then\n  left."
    assert ABLATIONS["whitespace runs collapsed to one space, edges stripped"](text) == \
        "“Well…” she said — Then\nleft."
    assert ABLATIONS["typographic punctuation made plain (quotes, dashes, ellipses)"](text) == \
        "\"Well...\"  she said - Then\n  left."
    assert ABLATIONS["content words masked (x per letter), function words kept"](
        "She said then") == "She xxxx then"


def test_surface_ablation_and_rare_word_masking():
    from fantasma_eval.ablations import rare_words_masked

    assert ABLATIONS["all four above at once (every edit below the word level)"](
        "“Well…”  She said — Then\n  left.") == "well she said  then\nleft"
    assert rare_words_masked({"she", "said"})("She said Then left.") == "She said xxxx xxxx."


FAKE_FANTASMA = r"""#!/bin/sh
# rewrite [--lang text] [--model M --paragraph N | --paragraph N] FILE: appends "[N]" per call
for last; do :; done
case "$*" in
  *"--paragraph 2147483648"*) echo "fantasma: $last: --paragraph 2147483648 does not exist: the document has 3 paragraphs (headings and list items count)" >&2; exit 1;;
  *"--model"*) n=$(echo "$*" | sed 's/.*--paragraph \([0-9]*\).*/\1/'); cat "$last"; printf "[%s]" "$n";;
  *) cat "$last"; printf "[all]";;
esac
"""


def test_model_rewrite_runs_every_paragraph_in_turn_and_is_cached(tmp_path):
    from fantasma_eval.fantasma_cli import Rewriter

    fake = tmp_path / "fantasma"
    fake.write_text(FAKE_FANTASMA)
    fake.chmod(0o755)
    model = tmp_path / "model.gguf"
    model.write_text("weights")
    rewriter = Rewriter(fake, tmp_path / "cache", model)
    assert rewriter.rewrite(tmp_path / "a.txt", "text") == "text[1][2][3]"
    assert Rewriter(fake, tmp_path / "cache").rewrite(tmp_path / "a.txt", "text") == "text[all]"
    again = Rewriter(fake, tmp_path / "cache", model)
    assert again.rewrite(tmp_path / "a.txt", "text") == "text[1][2][3]" and again.misses == 0
