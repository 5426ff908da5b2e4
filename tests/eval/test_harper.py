"""Fluency by harper (eval/fantasma_eval/harper.py): which lints of a rewrite are new, the
before/after paragraphs of the report (examples.py) and how they are marked."""
import pytest

from fantasma_eval import examples, harper
from fantasma_eval.harper import Lint
from fantasma_eval.report import _marked


# Every text the tests below lint, original then rewrite: linted together, in one go (each
# node process takes seconds to start).
A_APPLE = ("I ate a pear with my friend Okafor yesterday.",
           "I ate a apple with my friend Okafor yesterday.")
KEPT = ("Mr. Okafor said they would of come. The weather was nice that day.",
        "Mr. Okafor said they would of come. The weather was pleasant that day.")
LONG = ("The sentence goes on and on, with many words that keep going, clause after clause, "
        "because the writer never stops to breathe, and so a checker might call it long, "
        "which it is, by any measure that anyone could think of using here.")
MOVED = (LONG, "A new opening sentence. " + LONG.replace("many words", "many terms"))
FIXED = ("They would of come.", "They would have come.")
EMOJI = ("“Quoted” 🙂👍🏽 text, and then I ate a apple.\n\nSecond paragraph 🙂 with a "
         "apple.")
PAIRS = [A_APPLE, KEPT, MOVED, FIXED]


@pytest.fixture(scope="module")
def lints(tmp_path_factory):
    try:
        linter = harper.Linter(harper.INSTALL_FOLDER, tmp_path_factory.mktemp("harper"))
    except harper.HarperUnavailable as error:
        pytest.skip(f"harper.js could not be installed: {error}")
    texts = [text for pair in PAIRS for text in pair] + [EMOJI]
    return dict(zip(texts, linter.lint(texts)))


def new_lints(lints, pair):
    original, rewritten = pair
    return harper.new_lints(original, rewritten, lints[original], lints[rewritten])


def test_a_rewrite_that_writes_a_apple_gets_a_new_lint(lints):
    new, gone = new_lints(lints, A_APPLE)
    assert [(lint.rule, lint.text) for lint in new] == [("AnA", "a")]
    assert gone == 0


def test_a_lint_the_rewrite_only_keeps_is_not_new(lints):
    # "would of" stays, the name harper does not know stays: neither is the rewrite's doing.
    assert {lint.rule for lint in lints[KEPT[0]]} >= {"ModalOf", "SpellCheck"}
    assert new_lints(lints, KEPT) == ([], 0)


def test_a_lint_that_moved_or_grew_by_an_edited_word_is_not_new(lints):
    assert [lint.rule for lint in lints[LONG]] == ["LongSentences"]
    assert "LongSentences" in {lint.rule for lint in lints[MOVED[1]]}
    assert new_lints(lints, MOVED) == ([], 0)


def test_a_fixed_lint_is_counted_as_gone(lints):
    assert new_lints(lints, FIXED) == ([], 1)


def test_offsets_are_code_points_across_curly_quotes_and_emoji(lints):
    assert [lint.rule for lint in lints[EMOJI]] == ["AnA", "AnA"]
    assert all(EMOJI[lint.start:lint.end] == lint.text for lint in lints[EMOJI])


def test_matching_needs_the_same_rule_at_the_same_place():
    # Hand-made lints: no harper needed to check the matching itself.
    original = "one two three four five"
    rewritten = "one 2 three four five six"
    before = [Lint("SpellCheck", "Spelling", 8, 13, "three", "")]
    after = [Lint("SpellCheck", "Spelling", 6, 11, "three", ""),  # moved with its word
             Lint("Other", "Style", 6, 11, "three", ""),  # same place, another rule
             Lint("SpellCheck", "Spelling", 22, 25, "six", "")]  # inserted
    new, gone = harper.new_lints(original, rewritten, before, after)
    assert [(lint.rule, lint.text) for lint in new] == [("Other", "three"), ("SpellCheck", "six")]
    assert gone == 0


def test_new_lints_are_pooled_per_thousand_words_of_the_originals():
    originals = ["word " * 300, "word " * 700]
    rewrites = [t.replace("word", "ward", 1) for t in originals]
    after = [[Lint("SpellCheck", "Spelling", 0, 4, "ward", "")], []]
    summary = harper.summarize(originals, rewrites, [[], []], after)
    assert summary["new"] == 1 and summary["words"] == 1000
    assert summary["new_per_1000_words"] == pytest.approx(1.0)
    assert summary["rules"] == {"SpellCheck": 1}


def test_paragraph_offsets_point_into_the_document():
    text = "First one.\n\n  \nSecond one,\nstill second.\n\nThird."
    found = list(harper.paragraphs(text))
    assert [p for _, p in found] == ["First one.", "Second one,\nstill second.", "Third."]
    assert all(text[offset:offset + len(p)] == p for offset, p in found)


def test_sentences_keep_their_offsets_and_the_space_after_them():
    text = "He said “Stop.” Then he left! Did he?\n\nA new paragraph… It ends"
    found = list(harper.sentences(text))
    assert [s for _, s in found] == ["He said “Stop.” ", "Then he left! ", "Did he?",
                                     "A new paragraph… ", "It ends"]
    assert all(text[offset:offset + len(s)] == s for offset, s in found)


def test_changes_are_marked_old_struck_new_bold_and_markdown_escaped():
    assert (_marked("I ate a big pear, and *then* slept.", "I ate a large pear and *then* slept.")
            == r"I ate a ~~big~~ **large** pear~~,~~ and \*then\* slept.")
    assert _marked("one  two", "one two") == "one two"  # whitespace alone: no marks
    assert _marked("we don't", "we do not") == "we ~~don't~~ **do not**"
    assert _marked("one two", "one two three") == "one two **three**"


def sample(author, fold, original, rewrite, cosine=0.95):
    return {"author": author, "fold": fold, "original": original, "rewrite": rewrite,
            "cosine": cosine, "new_lints": []}


def test_examples_are_one_per_author_with_enough_word_edits_and_the_same_every_time():
    text = " ".join(f"Sentence {i} has a few plain words in it." for i in range(6))
    changed = text.replace("1 has a few plain", "1 has a few simple").replace("4 has", "4 holds")
    other = "A second paragraph tells of another thing, with a long plain word or two in it."
    invisible = text.replace("2 has", "2\u200b has")  # a zero-width space, removed below
    one_edit = text.replace("1 has a few plain", "1 has a few simple")
    samples = [sample(f"a{i}", 0, f"{text}\n\n{other}",
                      f"{changed}\n\n{other.replace('long plain', 'long simple')}")
               for i in range(15)]
    samples.append(sample("b", 0, text, changed, cosine=None))  # no cosine measured
    samples.append(sample("c", 0, invisible, one_edit))  # one visible word edit
    chosen = examples.choose(samples)
    assert len(chosen) == examples.COUNT
    assert len({c["author"] for c in chosen}) == examples.COUNT
    assert all(c["original"] == text and c["rewrite"] == changed and c["word_edits"] == 2
               for c in chosen)
    assert not {"b", "c"} & {c["author"] for c in chosen}
    assert chosen == examples.choose(samples)


def test_examples_with_one_word_edit_fill_the_places_left():
    text = " ".join(f"Sentence {i} has a few plain words in it." for i in range(6))
    two_edits = text.replace("1 has a few plain", "1 has a few simple").replace("4 has", "4 holds")
    one_edit = text.replace("1 has a few plain", "1 has a few simple")
    samples = [sample(f"a{i}", 0, text, two_edits) for i in range(3)]
    samples += [sample(f"b{i}", 0, text, one_edit) for i in range(12)]
    samples.append(sample("c", 0, text, text))  # no edit: never a passage
    chosen = examples.choose(samples)
    assert len(chosen) == examples.COUNT
    assert [c["word_edits"] for c in chosen[:3]] == [2, 2, 2]
    assert all(c["word_edits"] == 1 for c in chosen[3:])
    assert "c" not in {c["author"] for c in chosen}


def test_passages_are_whole_sentences_of_one_paragraph_within_the_word_limit():
    long = " ".join(f"Sentence {i} has a few plain words in it." for i in range(20))
    text = f"Short one. Another.\n\n{long}"
    found = [text[a:b].strip() for a, b in examples.passages(text)]
    assert found[0] == "Short one. Another."
    assert all(p.startswith("Sentence") and p.endswith("in it.") for p in found[1:])
    assert all(harper.word_count(p) <= examples.MAX_WORDS for p in found)
    assert " ".join(found[1:]) == long
