"""The harness end to end on the first five EBG authors."""
import json

import pytest

from conftest import SUBSET
from fantasma_eval import attackers, corpus, faithfulness, run
from fantasma_eval.fantasma_cli import Rewriter


@pytest.fixture(scope="module")
def authors(corpus_dir):
    found = corpus.load_authors(corpus_dir, SUBSET)
    assert len(found) == SUBSET
    assert all(len(a.samples) >= 12 and a.obfuscation for a in found)
    return found


@pytest.mark.parametrize("attacker, floor", [
    (attackers.CharNgramAttacker, 0.7), (attackers.BurrowsDelta, 0.5),
    (attackers.FunctionWordSvm, 0.5)])
def test_attackers_beat_chance_on_original_text(authors, attacker, floor):
    # 5 authors: chance is 20% top-1. Three folds, 15 held-out samples.
    rankings, truths = [], []
    for fold in range(3):
        held = {corpus.held_out(a, fold) for a in authors}
        train = [(corpus.read(s), a.name) for a in authors for s in a.samples if s not in held]
        model = attacker().fit([t for t, _ in train], [n for _, n in train])
        rankings += model.rank([corpus.read(corpus.held_out(a, fold)) for a in authors])
        truths += [a.name for a in authors]
    assert attackers.top_k_accuracy(rankings, truths, 1) >= floor
    assert attackers.top_k_accuracy(rankings, truths, 5) == 1.0  # 5 authors: all in the top 5


def test_rewrite_keeps_every_sample_and_is_cached(authors, fantasma, cache_dir):
    rewriter = Rewriter(fantasma, cache_dir / "rewrites")
    samples = [s for a in authors for s in a.samples[-2:]]
    rewritten = [rewriter.rewrite(s, corpus.read(s)) for s in samples]
    assert rewriter.misses == len(samples)
    assert len(rewritten) == len(samples)
    for sample, text in zip(samples, rewritten):
        kept = faithfulness.measure(corpus.read(sample), text)
        assert kept["content_words"] >= 0.9, sample.name
        assert kept["numbers"] in (None, 1.0), sample.name
    assert any(t != corpus.read(s) for s, t in zip(samples, rewritten))
    again = Rewriter(fantasma, cache_dir / "rewrites")
    assert [again.rewrite(s, corpus.read(s)) for s in samples] == rewritten
    assert again.misses == 0


def test_one_run_writes_the_report_and_the_plot(authors, fantasma, corpus_dir, cache_dir,
                                                tmp_path, harper_installed):
    run.main(["--fantasma", str(fantasma), "--corpus", str(corpus_dir), "--authors",
              str(SUBSET), "--folds", "1", "--seeds", "1", "--output", str(tmp_path),
              "--cache", str(cache_dir)])
    report = (tmp_path / "evaluation.md").read_text()
    for heading in ("## Goals", "## Attribution accuracy", "## Faithfulness",
                    "## Word choice: privacy against faithfulness", "## Passages to judge",
                    "## Detector validity", "## What the character n-gram attacker relies on"):
        assert heading in report
    assert "new harper lints ≤ 2 per 1,000 words" in report
    strengths = run.parse_arguments([]).word_choice  # the defaults, whatever they are now
    for row in ("| original |", "| fantasma rewrite |", "| authors' own obfuscation |",
                *(f"| {run.word_choice_method(s)} |" for s in strengths),
                "| random edits (same count and kinds, 1 seeds) |", "| chance |"):
        assert row in report
    for attacker in attackers.all_attackers():
        assert attacker.name in report
    assert "| fantasma rewrite --model |" not in report  # no model given
    assert (tmp_path / "evaluation.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"

    figures = json.loads((cache_dir / "figures.json").read_text())
    assert figures["authors"] == SUBSET
    rewrite = figures["faithfulness"]["fantasma rewrite"]
    assert rewrite["documents"] == SUBSET
    assert 0.9 <= rewrite["cosine_mean"] <= 1.0
    assert rewrite["lints"]["words"] > 1000 and rewrite["lints"]["new_per_1000_words"] >= 0
    passages = figures["examples"]["passages"]
    assert 1 <= len(passages) <= SUBSET
    assert len({p["author"] for p in passages}) == len(passages)
    assert all(p["original"] != p["rewrite"] and p["cosine"] is not None for p in passages)
    assert figures["profile"]["trials"] == SUBSET
    original = figures["attack"]["original"]["char 2-5-gram TF-IDF + logistic regression"]
    assert original["trials"] == SUBSET and original["top1"] >= 0.6


def test_word_choice_profile_holds_the_training_samples_only(authors, tmp_path):
    # The profile is what an attacker holds: the author's other samples, never the held-out one.
    for fold in range(2):
        folder = run.profile_folder(tmp_path, authors[0], fold)
        names = sorted(p.name for p in folder.iterdir())
        assert corpus.held_out(authors[0], fold).name not in names
        assert len(names) == len(authors[0].samples) - 1
