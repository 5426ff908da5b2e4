"""The marker-precision benchmark's pieces (eval/markers) on hand-made inputs."""
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "eval" / "markers"))

from gather import read_manifest, without_r_chunks  # noqa: E402
from markers import MarkerIndex, text_digest  # noqa: E402
from sample import (drawable, labelled_entries, read_decisions, read_document_ids,  # noqa: E402
                    sheet_entry, stratified)
from samples import SAMPLES  # noqa: E402


def test_the_sample_takes_codes_in_turn_and_all_of_a_rare_one():
    markers = {"common": list(range(100)), "rare": ["a", "b"]}
    sample = stratified(markers, 10, seed=13)
    assert len(sample) == 10
    assert sorted(m for m in sample if isinstance(m, str)) == ["a", "b"]
    assert sample == stratified(markers, 10, seed=13)
    assert sample != stratified(markers, 10, seed=14)


def test_the_sample_stops_when_every_code_is_used_up():
    assert sorted(stratified({"x": [1, 2], "y": [3]}, 10, seed=1)) == [1, 2, 3]


def test_sweave_chunks_are_removed_and_the_prose_kept():
    rnw = b"Text before.\n<<fit, echo=FALSE>>=\nfit <- lm(y ~ x)\n@\nText after.\n"
    assert without_r_chunks(rnw) == b"Text before.\nText after.\n"
    crlf = rnw.replace(b"\n", b"\r\n")
    assert without_r_chunks(crlf) == b"Text before.\r\nText after.\r\n"


def test_the_manifest_has_six_genres_and_forty_documents():
    documents = read_manifest()
    assert len(documents) >= 40
    assert len({d.genre for d in documents}) >= 6
    assert len({d.id for d in documents}) == len(documents)


def index_of(tmp_path, text, markers):
    (tmp_path / "doc.txt").write_bytes(text.encode())
    report = {"file": "doc.txt", "words": 10, "markers": markers}
    return MarkerIndex({"doc": report}, tmp_path)


def label(code, begin, end, text):
    return {"doc": "doc", "code": code, "byteRange": [begin, end],
            "textSha256": text_digest(text)}


def test_a_label_finds_its_marker_where_it_was_moved_or_reshaped_and_not_when_gone(tmp_path):
    text = "one two; three four; five"
    index = index_of(tmp_path, text, [
        {"code": "semicolon", "byteRange": [7, 8]},
        {"code": "semicolon", "byteRange": [19, 20]},
        {"code": "phrase", "byteRange": [9, 19]},
    ])
    assert index.find(label("semicolon", 19, 20, ";"))["byteRange"] == [19, 20]
    assert index.find(label("semicolon", 6, 7, ";"))["byteRange"] == [7, 8]  # moved a byte
    assert index.find(label("phrase", 9, 14, "three"))["byteRange"] == [9, 19]  # reshaped
    assert index.find(label("phrase", 0, 3, "one")) is None  # no longer reported
    assert index.find(label("dash", 7, 8, ";")) is None  # another code is another marker


def decisions_file(tmp_path, name, lines):
    path = tmp_path / name
    path.write_text("".join(f"{line}\n" for line in lines), encoding="utf-8")
    return path


def test_two_labellers_files_make_one_sample_and_unpublished_text_stays_out(tmp_path):
    drawn = [{"doc": "essay", "code": "double-space", "byteRange": [4, 6], "text": "  ",
              "message": "Two spaces quoting the essay"},
             {"doc": "readme", "code": "contact-detail", "byteRange": [0, 9],
              "text": "a@b.example", "message": "An address"}]
    decisions = read_decisions([decisions_file(tmp_path, "a.tsv", ["0\tgenuine\ttyped"]),
                                decisions_file(tmp_path, "b.tsv", ["1\twrong \ta list"])])
    entries = list(labelled_entries(drawn, decisions, unpublished={"essay"}))
    assert [e["label"] for e in entries] == ["genuine", "wrong"]
    assert "text" not in entries[0] and "message" not in entries[0]
    assert entries[0]["textSha256"] == text_digest("  ")
    assert entries[1]["text"] == "a@b.example"


def test_two_blind_labellers_of_the_same_markers_count_at_the_stricter_label(tmp_path):
    drawn = [{"doc": "d", "code": "c", "byteRange": [i, i + 1], "text": "x", "message": "m"}
             for i in range(3)]
    first = read_decisions([decisions_file(tmp_path, "a.tsv", [
        "0\tgenuine\tmine", "1\tgenuine\tmine", "2\tgenre\tcommon"])])
    second = read_decisions([decisions_file(tmp_path, "b.tsv", [
        "0\tgenuine\tyes", "1\tgenre\ta quarter", "2\twrong\tcode"])])
    entries = list(labelled_entries(drawn, first, set(), second))
    assert [e["label"] for e in entries] == ["genuine", "genre", "wrong"]
    assert [e["reason"] for e in entries] == ["mine", "a quarter", "code"]
    assert entries[1]["labellers"] == [{"label": "genuine", "reason": "mine"},
                                       {"label": "genre", "reason": "a quarter"}]
    with pytest.raises(SystemExit):  # the second labeller left a marker undecided
        list(labelled_entries(drawn, first, set(), {0: ("genuine", "")}))


def test_a_sample_with_a_marker_left_undecided_or_decided_twice_is_refused(tmp_path):
    drawn = [{"doc": "d", "code": "c", "byteRange": [0, 1], "text": "x", "message": "m"}] * 2
    one = decisions_file(tmp_path, "one.tsv", ["0\tgenre\ttopic"])
    with pytest.raises(SystemExit):
        list(labelled_entries(drawn, read_decisions([one]), unpublished=set()))
    with pytest.raises(SystemExit):
        read_decisions([one, one])
    with pytest.raises(SystemExit):
        read_decisions([decisions_file(tmp_path, "bad.tsv", ["0\tmaybe\t?"])])


def test_every_sample_names_its_binary_and_its_files_are_distinct():
    assert len({s.labels for s in SAMPLES}) == len(SAMPLES)
    assert len({s.before for s in SAMPLES}) == len(SAMPLES)
    for sample in SAMPLES:
        assert sample.binary and sample.before.exists()


def test_a_sample_can_be_drawn_from_chosen_documents_only(tmp_path):
    chosen = decisions_file(tmp_path, "chosen.txt", [
        "# the documents added for an issue", "", "faq-new", "mail-new\tmail\tdeb:x\tpath\tGPL",
        "faq-new"])
    known = {"faq-new", "mail-new", "essay-old"}
    assert read_document_ids(chosen, known) == ["faq-new", "mail-new"]
    reports = {d: {"markers": []} for d in known}
    assert set(drawable(reports, {"faq-new", "mail-new"})) == {"faq-new", "mail-new"}
    assert set(drawable(reports)) == known
    with pytest.raises(SystemExit):
        read_document_ids(decisions_file(tmp_path, "typo.txt", ["faq-nwe"]), known)
    with pytest.raises(SystemExit):
        read_document_ids(decisions_file(tmp_path, "empty.txt", ["# nothing"]), known)


def test_the_sheet_shows_a_blind_labeller_the_document_the_marker_and_its_context():
    entry = {"doc": "faq-new", "genre": "faq", "code": "punctuation-habit", "bits": 2.0,
             "byteRange": [4, 5], "message": "Frequent semicolons", "text": ";",
             "fixes": ["a", "b", "c", "d"], "context": "one ⟦;⟧ two"}
    shown = sheet_entry(7, entry)
    for part in ("#7 faq-new", "genre: faq", "[punctuation-habit]", "Frequent semicolons",
                 "(first 3 of 4)", "one ⟦;⟧ two"):
        assert part in shown
    assert "'d'" not in shown
