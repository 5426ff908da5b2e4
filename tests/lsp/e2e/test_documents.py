"""Diagnostics, incremental edits, hover, code actions and their edits, through pytest-lsp
with Neovim 0.7's and VS Code's capabilities."""

import os
import re
import subprocess
from pathlib import Path

import pytest
from lsprotocol import types
from pytest_lsp import LanguageClient

from conftest import (apply_edits, diagnostics_for, open_document, published, summaries,
                      text_edits, utf16_position, wait_until)
from raw_client import SERVER

# The CLI beside the server (CTest passes the one it built).
CLI = os.environ.get("FANTASMA_CLI", str(Path(SERVER).resolve().parents[1] / "cli" / "fantasma"))
SUBMISSIONS = Path(__file__).resolve().parents[2] / "stylometry" / "submissions"

EMAIL = "jane.doe@example.com"


def by_code(diagnostics, code):
    return [d for d in diagnostics if d["code"] == code]


def server_span_text(text: str, diagnostic) -> str:
    """The text at the byte span the server reports in `data`: equal to the marked text
    only when the server's copy of the document is exactly the client's."""
    begin, end = diagnostic["data"]["span"]
    return text.encode("utf-8")[begin:end].decode("utf-8")


def lsp_range(diagnostic) -> types.Range:
    r = diagnostic["range"]
    return types.Range(
        start=types.Position(**r["start"]), end=types.Position(**r["end"])
    )


async def code_actions(client: LanguageClient, uri, range_, diagnostics=()):
    """The server's code actions, as JSON."""
    return await client.text_document_code_action_async(
        types.CodeActionParams(
            text_document=types.TextDocumentIdentifier(uri=uri),
            range=range_,
            context=types.CodeActionContext(diagnostics=list(diagnostics)),
        )
    )


def change(client: LanguageClient, uri, version, edits):
    """Sends `edits` (TextEdits, applied last to first) as one incremental didChange."""
    ordered = sorted(edits, key=lambda e: (e.range.start.line, e.range.start.character), reverse=True)
    client.text_document_did_change(
        types.DidChangeTextDocumentParams(
            text_document=types.VersionedTextDocumentIdentifier(uri=uri, version=version),
            content_changes=[
                types.TextDocumentContentChangePartial(range=e.range, text=e.new_text)
                for e in ordered
            ],
        )
    )


async def test_diagnostics_carry_version_position_and_summary(client: LanguageClient):
    text = "# Notes\n\nWrite to “me” at " + EMAIL + " — any time.\n"
    open_document(client, "file:///notes.md", text)
    diagnostics = await diagnostics_for(client, "file:///notes.md", 1)
    [contact] = by_code(diagnostics, "contact-detail")
    assert contact["source"] == "fantasma"
    start = utf16_position(text, text.index(EMAIL))
    end = utf16_position(text, text.index(EMAIL) + len(EMAIL))
    assert contact["range"] == {"start": {"line": start.line, "character": start.character},
                                "end": {"line": end.line, "character": end.character}}
    assert contact["severity"] == 2  # self-identifying: many bits, a warning
    assert server_span_text(text, contact) == EMAIL
    summary = await wait_until(lambda: summaries(client, "file:///notes.md"))
    assert summary[-1]["version"] == 1
    assert summary[-1]["totalBits"] >= 10
    assert summary[-1]["markerCount"] == len(diagnostics)


async def test_incremental_edits_with_emoji_and_cjk_before_the_marker(client: LanguageClient):
    uri = "file:///edits.md"
    text = "Contact: " + EMAIL + "\n"
    open_document(client, uri, text)
    await diagnostics_for(client, uri, 1)

    # Insert emoji (astral: two UTF-16 units each) and CJK (one unit, three bytes) in front.
    inserted = "😀🎉 日本語 "
    change(client, uri, 2, [types.TextEdit(range=types.Range(start=types.Position(0, 0), end=types.Position(0, 0)), new_text=inserted)])
    text = inserted + text
    [contact] = by_code(await diagnostics_for(client, uri, 2), "contact-detail")
    assert contact["range"]["start"] == {"line": 0, "character": 2 + 2 + 1 + 3 + 1 + 9}
    assert server_span_text(text, contact) == EMAIL

    # Replace "🎉 日本" (UTF-16 columns 2 to 7: 🎉 is two units) with "中文👍🏽", then add a line above.
    change(client, uri, 3, [types.TextEdit(range=types.Range(start=types.Position(0, 2), end=types.Position(0, 7)), new_text="中文👍🏽")])
    text = text.replace("🎉 日本", "中文👍🏽")
    change(client, uri, 4, [types.TextEdit(range=types.Range(start=types.Position(0, 0), end=types.Position(0, 0)), new_text="Ünïcødé ✓\n")])
    text = "Ünïcødé ✓\n" + text
    [contact] = by_code(await diagnostics_for(client, uri, 4), "contact-detail")
    expected = utf16_position(text, text.index(EMAIL))
    assert contact["range"]["start"] == {"line": expected.line, "character": expected.character}
    assert server_span_text(text, contact) == EMAIL


async def test_quick_fix_edit_removes_its_marker(client: LanguageClient):
    uri = "file:///dash.md"
    text = "I walked home -- slowly -- and then I slept -- badly.\n"
    open_document(client, uri, text)
    dashes = by_code(await diagnostics_for(client, uri, 1), "dash-style")
    assert len(dashes) == 1  # one per habit and paragraph, the other dashes related
    assert len(dashes[0]["relatedInformation"]) == 2
    first = dashes[0]
    actions = await code_actions(client, uri, lsp_range(first))
    fixes = [a for a in actions if a["kind"] == "quickfix" and a.get("isPreferred")]
    assert fixes, [a["title"] for a in actions]
    [edit] = text_edits(fixes[0]["edit"]["changes"][uri])
    assert edit.range == lsp_range(first)
    change(client, uri, 2, [edit])
    text = apply_edits(text, [edit])
    assert "--" in text and text.count("--") == 2  # exactly the first dash was fixed
    remaining = by_code(await diagnostics_for(client, uri, 2), "dash-style")
    assert len(remaining) == 1 and len(remaining[0]["relatedInformation"]) == 1
    assert all(server_span_text(text, d).strip() == "--" for d in remaining)


async def test_fix_all_and_rewrite_paragraph(client: LanguageClient):
    uri = "file:///all.md"
    text = "One -- two -- three.\n\nFour -- five.\n"
    open_document(client, uri, text)
    dashes = by_code(await diagnostics_for(client, uri, 1), "dash-style")
    assert len(dashes) == 2  # one per paragraph; fixing all fixes every occurrence
    actions = await code_actions(client, uri, lsp_range(dashes[0]))
    for action in actions:  # eglot ignores actions with neither
        assert "edit" in action or "command" in action, action["title"]

    [fix_all] = [a for a in actions if a["title"].startswith("Fix all 3 'dash-style'")]
    fixed = apply_edits(text, text_edits(fix_all["edit"]["changes"][uri]))
    assert "--" not in fixed

    [rewrite] = [a for a in actions if a["title"].startswith("Rewrite paragraph")]
    assert rewrite["kind"] == "refactor.rewrite"
    rewritten = apply_edits(text, text_edits(rewrite["edit"]["changes"][uri]))
    assert rewritten.split("\n\n")[0].count("--") == 0  # this paragraph...
    assert rewritten.split("\n\n")[1] == "Four -- five.\n"  # ...and only this one


async def test_hover_explains_the_marker(client: LanguageClient):
    uri = "file:///hover.md"
    text = "Write to " + EMAIL + " please.\n"
    open_document(client, uri, text)
    await diagnostics_for(client, uri, 1)
    inside = utf16_position(text, text.index(EMAIL) + 3)
    hover = await client.text_document_hover_async(
        types.HoverParams(text_document=types.TextDocumentIdentifier(uri=uri), position=inside))
    assert hover is not None
    assert "contact-detail" in hover.contents.value
    assert "bits" in hover.contents.value
    outside = await client.text_document_hover_async(
        types.HoverParams(text_document=types.TextDocumentIdentifier(uri=uri), position=types.Position(0, 1)))
    assert outside is None


async def test_ignore_here_markdown_and_latex(client: LanguageClient):
    for uri, language, text in [
        ("file:///ignore.md", "markdown", "First paragraph.\n\nMail " + EMAIL + " now.\n"),
        ("file:///ignore.tex", "latex", "First paragraph.\n\nMail " + EMAIL + " now.\n"),
    ]:
        open_document(client, uri, text, language)
        [contact] = by_code(await diagnostics_for(client, uri, 1), "contact-detail")
        actions = await code_actions(client, uri, lsp_range(contact))
        [ignore] = [a for a in actions if a["title"] == "Ignore 'contact-detail' here"]
        edits = text_edits(ignore["edit"]["changes"][uri])
        change(client, uri, 2, edits)
        text = apply_edits(text, edits)
        directive = "<!-- fantasma-ignore contact-detail -->" if language == "markdown" else "% fantasma-ignore contact-detail"
        assert directive in text
        assert by_code(await diagnostics_for(client, uri, 2), "contact-detail") == []


async def test_ignore_in_workspace_applies_to_every_document(client: LanguageClient):
    first, second = "file:///w1.md", "file:///w2.md"
    open_document(client, first, "Mail " + EMAIL + ".\n")
    [contact] = by_code(await diagnostics_for(client, first, 1), "contact-detail")
    actions = await code_actions(client, first, lsp_range(contact))
    [ignore] = [a for a in actions if a["title"] == "Ignore 'contact-detail' in this workspace"]
    count = len(published(client, first, 1))
    await client.workspace_execute_command_async(
        types.ExecuteCommandParams(command=ignore["command"]["command"],
                                   arguments=ignore["command"]["arguments"]))
    latest = await wait_until(lambda: published(client, first, 1)[count:], what="republished diagnostics")
    assert by_code(latest[-1]["diagnostics"], "contact-detail") == []
    open_document(client, second, "Or mail " + EMAIL + ".\n")
    assert by_code(await diagnostics_for(client, second, 1), "contact-detail") == []

    await client.workspace_execute_command_async(
        types.ExecuteCommandParams(command="fantasma.resetWorkspaceIgnores", arguments=[]))
    await wait_until(lambda: by_code(published(client, second, 1)[-1]["diagnostics"], "contact-detail"),
                     what="the marker back after the reset")


async def test_configuration_change_applies_without_restart(client: LanguageClient):
    uri = "file:///config.md"
    open_document(client, uri, "Mail " + EMAIL + " -- soon.\n")
    codes = {d["code"] for d in await diagnostics_for(client, uri, 1)}
    assert {"contact-detail", "dash-style"} <= codes
    count = len(published(client, uri, 1))
    client.workspace_did_change_configuration(types.DidChangeConfigurationParams(
        settings={"fantasma": {"enabledCodes": ["dash-style"], "debounceMs": 20,
                               "showCommonHabits": True}}))
    latest = await wait_until(lambda: published(client, uri, 1)[count:], what="republished diagnostics")
    assert {d["code"] for d in latest[-1]["diagnostics"]} == {"dash-style"}


async def test_unknown_document_requests_answer_empty(client: LanguageClient):
    actions = await code_actions(client, "file:///never-opened.md",
                                 types.Range(start=types.Position(0, 0), end=types.Position(0, 0)))
    assert actions == []


async def test_latex_leaks_and_public_names(client: LanguageClient):
    uri = "file:///paper.tex"
    text = ("\\documentclass{article}\n\\author{Maria Okafor}\n\\begin{document}\n"
            "We thank Helena Vasquez. Later Vasquez checked it.\n"
            "In our previous work~\\cite{a} we used \\url{https://github.com/mokafor/tool}.\n"
            "\\end{document}\n")
    open_document(client, uri, text, language="latex")
    diagnostics = await diagnostics_for(client, uri, 1)
    codes = {d["code"] for d in diagnostics}
    assert {"title-block", "self-citation", "link-target", "personal-name"} <= codes
    [author] = by_code(diagnostics, "title-block")
    assert author["range"]["start"] == {"line": 1, "character": 8}
    [name] = by_code(diagnostics, "personal-name")
    assert len(name.get("relatedInformation", [])) == 1  # "Vasquez" again, on the same line
    count = len(published(client, uri, 1))
    client.workspace_did_change_configuration(types.DidChangeConfigurationParams(
        settings={"fantasma": {"publicNames": ["Helena Vasquez"], "debounceMs": 20}}))
    latest = await wait_until(lambda: published(client, uri, 1)[count:], what="republished diagnostics")
    assert not by_code(latest[-1]["diagnostics"], "personal-name")


async def test_leaks_in_included_files_and_the_bib(client: LanguageClient, tmp_path):
    (tmp_path / "sections").mkdir()
    main = ("\\documentclass{article}\n\\author{Maria Okafor}\n\\begin{document}\n"
            "\\input{sections/intro}\n\\bibliography{refs}\n\\end{document}\n")
    (tmp_path / "main.tex").write_text(main)
    intro = ("\\section{Intro}\n"
             "Code: \\url{https://github.com/mokafor/tool}; our previous work~\\cite{a}.\n")
    (tmp_path / "sections" / "intro.tex").write_text(intro)
    (tmp_path / "refs.bib").write_text("@article{a,\n  author = {Okafor, Maria},\n  title = {T}}\n")
    main_uri = (tmp_path / "main.tex").as_uri()
    intro_uri = (tmp_path / "sections" / "intro.tex").as_uri()
    bib_uri = (tmp_path / "refs.bib").as_uri()
    open_document(client, main_uri, main, language="latex")
    await diagnostics_for(client, main_uri, 1)
    [intro_published] = await wait_until(lambda: published(client, intro_uri), what="intro.tex")
    assert intro_published.get("version") is None  # not open: no version
    [link] = by_code(intro_published["diagnostics"], "link-target")
    assert link["range"]["start"] == {"line": 1, "character": 11}
    assert by_code(intro_published["diagnostics"], "self-citation")
    [bib_published] = await wait_until(lambda: published(client, bib_uri), what="refs.bib")
    [own] = by_code(bib_published["diagnostics"], "bibliography-author")
    assert own["range"]["start"] == {"line": 1, "character": 12}


async def test_double_blind_review_copy_and_the_setting(client: LanguageClient, tmp_path):
    """acmart's anonymous option makes the main file a review copy: its leaks and those of
    the file it includes come first, as errors, and the summary carries the verdict that
    `fantasma check --double-blind` prints. doubleBlind: false turns that off."""
    (tmp_path / "sections").mkdir()
    main = ("\\documentclass[sigconf,review,anonymous]{acmart}\n\\author{Maria Okafor}\n"
            "\\begin{document}\nThe colour of the sea was grey.\n\\input{sections/intro}\n"
            "\\end{document}\n")
    (tmp_path / "main.tex").write_text(main)
    intro = ("\\section{Intro}\n"
             "Code: \\url{https://github.com/mokafor/tool}; our previous work~\\cite{a}.\n")
    (tmp_path / "sections" / "intro.tex").write_text(intro)
    main_uri = (tmp_path / "main.tex").as_uri()
    intro_uri = (tmp_path / "sections" / "intro.tex").as_uri()
    open_document(client, main_uri, main, language="latex")
    diagnostics = await diagnostics_for(client, main_uri, 1)
    assert diagnostics[0]["code"] == "title-block" and diagnostics[0]["severity"] == 1
    spellings = [d for d in diagnostics if d["code"] == "regional-spelling"]
    assert spellings and all(d["severity"] == 4 for d in spellings)  # hints, as always
    [included] = await wait_until(lambda: published(client, intro_uri), what="intro.tex")
    codes = [d["code"] for d in included["diagnostics"]]
    # Otherwise the colons, earlier on the line, would come first.
    assert codes[:2] == ["link-target", "self-citation"] and "punctuation-habit" in codes
    assert all(d["severity"] == 1 for d in included["diagnostics"][:2])
    summary = (await wait_until(lambda: summaries(client, main_uri), what="the summary"))[-1]
    assert summary["doubleBlind"] is True
    assert summary["leakCount"] == 3  # the author here, the link and the self-citation there
    assert summary["verdict"] == "3 leaks would identify you to a reviewer."

    count = len(summaries(client, main_uri))
    client.workspace_did_change_configuration(types.DidChangeConfigurationParams(
        settings={"fantasma": {"doubleBlind": False, "debounceMs": 20, "showCommonHabits": True}}))
    later = await wait_until(lambda: summaries(client, main_uri)[count:], what="a new summary")
    assert later[-1]["doubleBlind"] is False and "verdict" not in later[-1]
    republished = published(client, intro_uri)[-1]["diagnostics"]
    assert not any(d["severity"] == 1 for d in republished)


async def test_double_blind_verdict_is_the_clis(client: LanguageClient):
    """The test set's acmart paper (a review copy: `review` option) with its \\input body and
    .bib: the editor's verdict counts the same leaks as `fantasma check --double-blind`."""
    if not os.access(CLI, os.X_OK):
        pytest.skip(f"the fantasma CLI is not built ({CLI})")
    paper = SUBMISSIONS / "acmart" / "paper.tex"
    cli = subprocess.run([CLI, "check", "--double-blind", str(paper)], capture_output=True,
                         text=True, check=False)
    assert cli.returncode == 3, cli.stderr
    cli_verdict = cli.stdout.strip().splitlines()[-1]
    open_document(client, paper.as_uri(), paper.read_text(), language="latex")
    summary = (await wait_until(lambda: summaries(client, paper.as_uri()), what="the summary"))[-1]
    assert summary["doubleBlind"] is True
    assert summary["verdict"] == cli_verdict


async def test_an_included_file_opened_and_closed_stays_part_of_its_submission(
        client: LanguageClient, tmp_path):
    """Opened, the included file of a review copy is checked as its main file is (leaks as
    errors); closed again, its leaks are published from the main file's project, not lost."""
    (tmp_path / "sections").mkdir()
    main = ("\\documentclass[sigconf,anonymous]{acmart}\n\\begin{document}\n"
            "\\input{sections/intro}\n\\end{document}\n")
    (tmp_path / "main.tex").write_text(main)
    intro = ("\\section{Intro}\n"
             "Code: \\url{https://github.com/mokafor/tool}; our previous work~\\cite{a}.\n")
    (tmp_path / "sections" / "intro.tex").write_text(intro)
    main_uri = (tmp_path / "main.tex").as_uri()
    intro_uri = (tmp_path / "sections" / "intro.tex").as_uri()
    open_document(client, main_uri, main, language="latex")
    await diagnostics_for(client, main_uri, 1)
    await wait_until(lambda: published(client, intro_uri), what="intro.tex from the project")

    open_document(client, intro_uri, intro, language="latex")
    own = await diagnostics_for(client, intro_uri, 1)
    assert [d["code"] for d in own[:2]] == ["link-target", "self-citation"]
    assert all(d["severity"] == 1 for d in own[:2])

    count = len(published(client, intro_uri))
    client.text_document_did_close(types.DidCloseTextDocumentParams(
        text_document=types.TextDocumentIdentifier(uri=intro_uri)))
    after = await wait_until(lambda: published(client, intro_uri)[count:][1:],
                             what="intro.tex published again after its close")
    assert published(client, intro_uri)[count]["diagnostics"] == []  # the close itself
    assert {"link-target", "self-citation"} <= {d["code"] for d in after[-1]["diagnostics"]}
    assert after[-1].get("version") is None


async def test_word_choice_hints_with_a_profile(client: LanguageClient, tmp_path):
    """With a profile, the writer's overused word is a hint whose preferred quick fix swaps
    it for a common synonym; without one there is no such hint."""
    uri = "file:///words.md"
    text = ("The engineers utilized a small pump. A friend assisted them.\n\n"
            "Later they utilized it again.\n")
    open_document(client, uri, text)
    assert by_code(await diagnostics_for(client, uri, 1), "word-choice") == []  # no profile

    (tmp_path / "notes.txt").write_text(
        "We utilized a new method this year. The team utilized the old maps, and the farmers "
        "utilized the river. In the end we utilized every hour of light.\n")
    count = len(published(client, uri, 1))
    client.workspace_did_change_configuration(types.DidChangeConfigurationParams(
        settings={"fantasma": {"profileDirectory": str(tmp_path), "wordChoice": 0.5,
                               "debounceMs": 20, "showCommonHabits": True}}))
    latest = await wait_until(lambda: published(client, uri, 1)[count:], what="republished diagnostics")
    words = by_code(latest[-1]["diagnostics"], "word-choice")
    assert [server_span_text(text, w) for w in words] == ["utilized", "utilized"]
    assert all(w["severity"] == 4 and "your profile: 4 uses" in w["message"] for w in words)

    echoed = [types.Diagnostic(range=lsp_range(w), message=w["message"], code=w["code"],
                               data=w["data"]) for w in words]  # as Neovim 0.7 echoes the line's
    actions = await code_actions(client, uri, lsp_range(words[0]), echoed)
    for action in actions:  # eglot ignores actions with neither
        assert "edit" in action or "command" in action, action["title"]
    assert actions[0]["title"] == "Replace with 'used'" and actions[0]["isPreferred"]
    fixed = apply_edits(text, text_edits(actions[0]["edit"]["changes"][uri]))
    assert fixed == text.replace("utilized", "used", 1)

    [document] = [a for a in actions if a["title"].startswith("Rewrite document: word choice")]
    assert document["kind"] == "refactor.rewrite"
    assert apply_edits(text, text_edits(document["edit"]["changes"][uri])) == text.replace(
        "utilized", "used")


async def test_shouted_contractions_get_diagnostics(client: LanguageClient):
    """A document with "I CAN'T" once got no diagnostics at all, and no message: the writer
    saw a clean document. Each form of the issue, in text, Markdown and LaTeX."""
    shouted = ("I CAN'T stop now, and I DON'T think we WON'T. We SHAN'T sign it.\n\n"
               "DON'T QUOTE ME: I CAN\u2019T say it plainer. Can'T you see? "
               "Mail jane.doe@example.com.\n")
    for uri, text in (("file:///letter.txt", "Hi all,\n\n" + shouted),
                      ("file:///notes.md", "# Notes\n\n" + shouted),
                      ("file:///paper.tex",
                       "\\documentclass{article}\n\\begin{document}\n" + shouted +
                       "\\end{document}\n")):
        open_document(client, uri, text)
        diagnostics = await diagnostics_for(client, uri, 1)
        assert by_code(diagnostics, "contact-detail"), uri
        assert by_code(diagnostics, "capitalization"), uri
    shown = [params for method, params in client.notifications
             if method == "window/showMessage"]
    assert not [m for m in shown if "internal error" in m.get("message", "")]


def _writer_text(seed: int, habits: bool) -> str:
    """A made-up writer's text: with `habits`, British spellings, "whilst", semicolons and
    "Indeed,"; without, plain sentences any writer might write."""
    import random
    pick = random.Random(seed).choice
    subjects = ["The committee", "Our neighbour", "The old town", "The river", "My brother",
                "The council", "The market", "The new library"]
    verbs = ["changed", "surprised", "helped", "delayed", "welcomed", "ignored"]
    objects = ["the plans", "everyone", "the visitors", "the schedule", "the budget"]
    sentences = []
    for _ in range(24):
        sentence = f"{pick(subjects)} {pick(verbs)} {pick(objects)}"
        if habits:
            sentence = pick([f"Indeed, {sentence[0].lower()}{sentence[1:]}",
                             sentence + " whilst we organised the colour scheme; it was a favourite",
                             sentence + "; we realised it later"])
        sentences.append(sentence + ".")
    return " ".join(sentences) + "\n"


async def _open_in_the_writers_style(client: LanguageClient, tmp_path, uri, seed):
    """Makes `tmp_path` the profile folder, five texts of a writer with habits, and opens at
    `uri` a draft whose second half is in their style: (its text, the attacker's verdict)."""
    for text_seed in range(5):
        (tmp_path / f"text{text_seed}.txt").write_text(_writer_text(text_seed, True))
    client.workspace_did_change_configuration(types.DidChangeConfigurationParams(
        settings={"fantasma": {"profileDirectory": str(tmp_path), "debounceMs": 20,
                               "attackerEvidenceShare": 0.05}}))
    text = _writer_text(seed, False).rstrip("\n") + " " + _writer_text(seed + 1, True)
    open_document(client, uri, text)
    first = await wait_until(lambda: [s for s in summaries(client, uri) if "attacker" in s],
                             timeout=30, what="a summary with the attacker's verdict")
    return text, first[-1]["attacker"]


async def test_attacker_verdict_in_the_summary(client: LanguageClient, tmp_path):
    """With a profile, the summary says whether an attacker with the writer's other texts
    would pick them, the sentences that carry the evidence are diagnostics, and deleting the
    one with the largest share lowers the probability."""
    uri = "file:///draft.md"
    text, verdict = await _open_in_the_writers_style(client, tmp_path, uri, 100)
    assert verdict["candidates"] == 1 + sum(verdict["distractors"].values())
    assert verdict["writerTexts"] == 5 and 1 <= verdict["rank"] <= verdict["candidates"]
    assert verdict["verdict"].startswith("An attacker with your 5 other texts, choosing among")
    evidence = by_code(await diagnostics_for(client, uri, 1), "attacker-evidence")
    assert evidence and all(d["severity"] == 3 for d in evidence)
    assert "of the evidence an attacker with your other texts has" in evidence[0]["message"]

    # Delete the sentence that carries most of it.
    begin, end = verdict["sentences"][0]["byteRange"]  # ASCII: bytes are characters
    count = len(summaries(client, uri))
    change(client, uri, 2, [types.TextEdit(range=types.Range(start=utf16_position(text, begin),
                                                             end=utf16_position(text, end)),
                                           new_text="")])
    later = await wait_until(lambda: [s for s in summaries(client, uri)[count:]
                                      if s["version"] == 2 and "attacker" in s],
                             timeout=30, what="the summary after the deletion")
    assert later[-1]["attacker"]["probability"] < verdict["probability"]


async def test_attacker_evidence_action_lowers_the_chance(client: LanguageClient, tmp_path):
    """On a sentence that gives the writer away, a quick fix makes the edits inside it that
    lower the attacker's chance of picking them, and the summary then says it is lower."""
    uri = "file:///evidence.md"
    text, verdict = await _open_in_the_writers_style(client, tmp_path, uri, 102)
    before = verdict["probability"]
    evidence = by_code(await diagnostics_for(client, uri, 1), "attacker-evidence")
    assert evidence
    offered = []
    for shown in evidence:  # the strongest sentence with something the edits can change
        echoed = [types.Diagnostic(range=lsp_range(shown), message=shown["message"],
                                   code=shown["code"], data=shown["data"])]
        actions = await code_actions(client, uri, lsp_range(shown), echoed)
        offered = [a for a in actions
                   if a["title"].startswith("Lower the attacker's evidence in this sentence")]
        if offered:
            break
    assert offered, "no sentence offered the attacker's quick fix"
    [lower] = offered
    assert lower["kind"] == "quickfix"
    assert lower["diagnostics"][0]["code"] == "attacker-evidence"
    edits = text_edits(lower["edit"]["changes"][uri])
    sentence = lsp_range(shown)
    assert all((sentence.start.line, sentence.start.character)
               <= (e.range.start.line, e.range.start.character) for e in edits)
    assert apply_edits(text, edits) != text

    count = len(summaries(client, uri))
    change(client, uri, 2, edits)
    later = await wait_until(lambda: [s for s in summaries(client, uri)[count:]
                                      if s["version"] == 2 and "attacker" in s],
                             timeout=30, what="the summary after the quick fix")
    assert later[-1]["attacker"]["probability"] < before


@pytest.mark.parametrize("action", ["Rewrite paragraph in a neutral style", "Fix all"])
async def test_bulk_actions_are_aimed_at_the_attacker(client: LanguageClient, tmp_path, action):
    """With a profile, "Rewrite paragraph in a neutral style" and "Fix all" make only the
    fixes that do not raise the attacker's chance of picking the writer, say where the chance
    goes, and the summary after them agrees."""
    uri = "file:///bulk.md"
    text, verdict = await _open_in_the_writers_style(client, tmp_path, uri, 104)
    before = verdict["probability"]
    diagnostics = await diagnostics_for(client, uri, 1)
    fixable = [d for d in diagnostics if d["code"] not in ("attacker-evidence", "word-choice")]
    assert fixable
    pattern = re.escape(action) + r" .*\((\d+) changes?: ([0-9.]+) \u2192 ([0-9.]+)\)"
    offered = []
    for shown in fixable:  # the first marker whose actions hold it ("Fix all" needs two alike)
        echoed = [types.Diagnostic(range=lsp_range(shown), message=shown["message"],
                                   code=shown["code"], data=shown.get("data"))]
        actions = await code_actions(client, uri, lsp_range(shown), echoed)
        offered = [a for a in actions if a["title"].startswith(action + " ")]
        if offered:
            break
    assert offered, f"no marker offered '{action}'"
    said = re.fullmatch(pattern, offered[0]["title"])
    assert said, offered[0]["title"]
    assert abs(float(said.group(2)) - before) <= 0.005
    edits = text_edits(offered[0]["edit"]["changes"][uri])
    assert len(edits) == int(said.group(1))
    count = len(summaries(client, uri))
    change(client, uri, 2, edits)
    later = await wait_until(lambda: [s for s in summaries(client, uri)[count:]
                                      if s["version"] == 2 and "attacker" in s],
                             timeout=30, what=f"the summary after '{action}'")
    after = later[-1]["attacker"]["probability"]
    assert after <= before + 0.005
    assert abs(after - float(said.group(3))) <= 0.005
