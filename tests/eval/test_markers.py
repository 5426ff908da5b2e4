"""The marker-precision benchmark's pieces (eval/markers) on hand-made inputs."""
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "eval" / "markers"))

from gather import read_manifest, without_r_chunks  # noqa: E402
from markers import MarkerIndex, text_digest  # noqa: E402
from sample import stratified  # noqa: E402


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
