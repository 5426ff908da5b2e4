"""The JSON-RPC and lifecycle rules, malformed input and cancellation, byte-exact through
a raw client: each bad input gets an error reply or a log line, and the server goes on
answering."""

import asyncio
import subprocess
from pathlib import Path

import pytest

from raw_client import SERVER, RawClient, frame

DOCUMENT = {"uri": "file:///doc.md", "languageId": "markdown", "version": 1,
            "text": "Mail jane.doe@example.com -- soon.\n"}


@pytest.fixture
async def raw():
    client = await RawClient.start("--log-level", "debug")
    yield client
    await client.close()


async def still_answers(client: RawClient) -> None:
    """A request after the bad input gets its proper answer."""
    request = await client.request("textDocument/hover", {
        "textDocument": {"uri": "file:///nothing.md"}, "position": {"line": 0, "character": 0}})
    reply = await client.response(request)
    assert reply == {"jsonrpc": "2.0", "id": request, "result": None}


def is_error(code):
    return lambda m: "error" in m and m["error"]["code"] == code


async def test_requests_before_initialize_are_refused(raw):
    request = await raw.request("textDocument/hover", {})
    reply = await raw.response(request)
    assert reply["error"]["code"] == -32002
    # Notifications before initialize are dropped: no diagnostics for this document.
    await raw.notify("textDocument/didOpen", {"textDocument": DOCUMENT})
    await raw.initialize()
    await still_answers(raw)
    assert not any(m.get("method") == "textDocument/publishDiagnostics" for m in raw.pending)


async def test_initialize_result_and_a_second_initialize(raw):
    reply = await raw.initialize()
    capabilities = reply["result"]["capabilities"]
    assert capabilities["textDocumentSync"]["change"] == 2  # incremental
    assert capabilities["positionEncoding"] == "utf-16"
    assert capabilities["hoverProvider"] is True
    assert set(capabilities["codeActionProvider"]["codeActionKinds"]) == {"quickfix", "refactor.rewrite", "source"}
    assert "fantasma.ignoreInWorkspace" in capabilities["executeCommandProvider"]["commands"]
    assert reply["result"]["serverInfo"]["name"] == "fantasma-ls"
    again = await raw.response(await raw.request("initialize", {"capabilities": {}}))
    assert again["error"]["code"] == -32600


async def test_utf8_positions_when_the_client_offers_them(raw):
    reply = await raw.initialize({"general": {"positionEncodings": ["utf-8", "utf-16"]}})
    assert reply["result"]["capabilities"]["positionEncoding"] == "utf-8"
    text = "日本 jane.doe@example.com\n"
    await raw.notify("textDocument/didOpen", {"textDocument": {**DOCUMENT, "text": text}})
    published = await raw.wait_for(lambda m: m.get("method") == "textDocument/publishDiagnostics")
    [contact] = [d for d in published["params"]["diagnostics"] if d["code"] == "contact-detail"]
    assert contact["range"]["start"] == {"line": 0, "character": 7}  # bytes: 3 + 3 + 1


async def test_unknown_methods(raw):
    await raw.initialize()
    reply = await raw.response(await raw.request("fantasma/noSuchThing", {}))
    assert reply["error"]["code"] == -32601
    await raw.notify("fantasma/noSuchNotification", {"x": 1})  # ignored, no reply
    await raw.notify("$/setTrace", {"value": "off"})
    await still_answers(raw)
    assert not any("error" in m for m in raw.pending)


async def test_bad_json_gets_a_parse_error(raw):
    await raw.initialize()
    await raw.write(frame(b'{"jsonrpc": "2.0", "id": 5, "method": '))
    reply = await raw.wait_for(is_error(-32700))
    assert reply["id"] is None
    await raw.write(frame(b"\xff\xfe not utf-8"))
    await raw.wait_for(is_error(-32700))
    await still_answers(raw)


async def test_bad_headers_get_a_parse_error(raw):
    await raw.initialize()
    await raw.write(b"Content-Type: application/json\r\n\r\n{}")  # no Content-Length
    await raw.wait_for(is_error(-32700))
    await raw.write(b"Content-Length: twelve\r\n\r\n{}")
    await raw.wait_for(is_error(-32700))
    # Until a good header comes, the bytes that follow a bad one belong to the same mess and
    # are dropped without more errors; after one, junk is reported again.
    await still_answers(raw)
    await raw.write(b"this is not a header at all\r\n\r\n")
    await raw.wait_for(is_error(-32700))
    await still_answers(raw)


async def test_huge_content_length_is_refused_and_the_next_message_read(raw):
    await raw.initialize()
    await raw.write(b"Content-Length: 99999999999999\r\n\r\n" + b'{"jsonrpc":"2.0","id":9,"method":"shutdown"}')
    reply = await raw.wait_for(is_error(-32700))
    assert "exceeds the limit" in reply["error"]["message"]
    await still_answers(raw)
    # The swallowed shutdown was not executed: the server still serves requests.
    await still_answers(raw)


async def test_wrong_types_and_invalid_messages(raw):
    await raw.initialize()
    reply = await raw.response(await raw.request("textDocument/hover", {
        "textDocument": {"uri": "file:///a.md"}, "position": {"line": "zero", "character": 0}}))
    assert reply["error"]["code"] == -32602
    assert reply["error"]["message"] == "params.position.line: expected an integer"
    reply = await raw.response(await raw.request("textDocument/codeAction", [1, 2]))
    assert reply["error"]["code"] == -32602
    # A notification with wrong types is logged and ignored; the document is not opened.
    await raw.notify("textDocument/didOpen", {"textDocument": {**DOCUMENT, "version": "one"}})
    await raw.send({"id": 77, "method": 42})
    assert (await raw.response(77))["error"]["code"] == -32600
    await raw.write(frame(b'{"id": 78, "method": "shutdown"}'))  # no "jsonrpc"
    assert (await raw.response(78))["error"]["code"] == -32600
    await raw.write(frame(b"[1, 2, 3]"))
    await raw.wait_for(lambda m: m.get("error", {}).get("code") == -32600 and m["id"] is None)
    await raw.send({"id": {"object": "id"}, "method": "shutdown"})
    await raw.wait_for(lambda m: m.get("error", {}).get("code") == -32600 and m["id"] is None)
    await still_answers(raw)


def deep(depth: int, opener: str = "[", closer: str = "]") -> str:
    return opener * depth + closer * depth


async def test_a_message_nested_100000_deep_is_refused_and_the_server_goes_on(raw):
    # Python's own JSON writer would recurse: the message is written by hand.
    await raw.write(frame(b'{"jsonrpc":"2.0","id":5,"method":"textDocument/hover","params":'
                          + deep(100_000).encode() + b"}"))
    reply = await raw.wait_for(is_error(-32600))
    assert reply["id"] is None
    assert reply["error"]["message"] == "the message is nested deeper than 128 levels"
    # The same in initializationOptions, before initialize has been answered.
    await raw.write(frame(b'{"jsonrpc":"2.0","id":6,"method":"initialize","params":{'
                          b'"capabilities":{},"initializationOptions":'
                          + deep(100_000, "{\"a\":", "}").encode() + b"}}"))
    await raw.wait_for(is_error(-32600))
    await raw.initialize()
    await still_answers(raw)
    assert (await raw.response(await raw.request("shutdown")))["result"] is None
    await raw.notify("exit")
    assert await raw.exit_code() == 0


@pytest.mark.parametrize("language, text", [
    ("markdown", ">" * 100_000 + " quoted\n" + "[" * 100_000 + "x" + "](u)" * 100_000 + "\n"),
    ("markdown", "*" * 100_000 + "word" + "*" * 100_000 + "\n" + "- " * 100_000 + "item\n"),
    ("latex", "\\emph{" * 100_000 + "text" + "}" * 100_000 + "\n\n" + "{" * 100_000),
    ("latex", "\\begin{itemize}\\item a " * 100_000 + "\\end{itemize}" * 100_000),
])
async def test_documents_nested_100000_deep_are_analysed(raw, language, text):
    await raw.initialize()
    await raw.notify("textDocument/didOpen", {"textDocument": {
        "uri": "file:///deep", "languageId": language, "version": 1, "text": text}})
    published = await raw.wait_for(
        lambda m: m.get("method") == "textDocument/publishDiagnostics", timeout=60)
    assert published["params"]["version"] == 1
    await still_answers(raw)
    assert (await raw.response(await raw.request("shutdown")))["result"] is None
    await raw.notify("exit")
    assert await raw.exit_code() == 0


async def test_a_document_past_16_mib_is_refused_with_a_message(raw):
    await raw.initialize()
    await raw.notify("textDocument/didOpen", {"textDocument": {
        **DOCUMENT, "uri": "file:///huge.md", "text": "word " * ((17 << 20) // 5)}})
    message = await raw.wait_for(lambda m: m.get("method") == "window/showMessage", timeout=60)
    assert "larger than the 16 MiB a document may have" in message["params"]["message"]
    cleared = await raw.wait_for(lambda m: m.get("method") == "textDocument/publishDiagnostics")
    assert cleared["params"] == {"uri": "file:///huge.md", "diagnostics": []}
    # A small document still gets its diagnostics.
    await raw.notify("textDocument/didOpen", {"textDocument": DOCUMENT})
    published = await raw.wait_for(lambda m: m.get("method") == "textDocument/publishDiagnostics")
    assert published["params"]["uri"] == DOCUMENT["uri"]
    await still_answers(raw)


async def test_shutdown_then_exit_code_zero(raw):
    await raw.initialize()
    assert (await raw.response(await raw.request("shutdown")))["result"] is None
    reply = await raw.response(await raw.request("textDocument/hover", {}))
    assert reply["error"]["code"] == -32600
    await raw.notify("exit")
    assert await raw.exit_code() == 0


async def test_exit_without_shutdown_is_code_one(raw):
    await raw.initialize()
    await raw.notify("exit")
    assert await raw.exit_code() == 1


async def test_end_of_input_ends_the_server(raw):
    await raw.initialize()
    raw.process.stdin.close()
    assert await raw.exit_code() == 1


async def test_cancelled_request_is_answered_with_request_cancelled(raw):
    # A long debounce keeps the analysis pending, so the hover waits for it and the cancel
    # arrives first.
    await raw.initialize(options={"fantasma": {"debounceMs": 3000}})
    await raw.notify("textDocument/didOpen", {"textDocument": DOCUMENT})
    await raw.notify("textDocument/didChange", {
        "textDocument": {"uri": DOCUMENT["uri"], "version": 2},
        "contentChanges": [{"range": {"start": {"line": 0, "character": 0},
                                      "end": {"line": 0, "character": 0}}, "text": "Hi. "}]})
    request = await raw.request("textDocument/hover", {
        "textDocument": {"uri": DOCUMENT["uri"]}, "position": {"line": 0, "character": 10}})
    await raw.notify("$/cancelRequest", {"id": request})
    reply = await raw.response(request, timeout=2)
    assert reply["error"]["code"] == -32800
    # Exactly one answer: nothing more for that id once the analysis finishes.
    await raw.wait_for(lambda m: m.get("method") == "textDocument/publishDiagnostics"
                       and m["params"]["version"] == 2, timeout=10)
    await still_answers(raw)
    assert not any(m.get("id") == request for m in raw.pending)


async def test_a_newer_edit_supersedes_a_waiting_request(raw):
    await raw.initialize(options={"fantasma": {"debounceMs": 500}})
    await raw.notify("textDocument/didOpen", {"textDocument": DOCUMENT})
    await raw.wait_for(lambda m: m.get("method") == "textDocument/publishDiagnostics")
    change = {"textDocument": {"uri": DOCUMENT["uri"], "version": 2},
              "contentChanges": [{"text": "Changed text -- here.\n"}]}
    await raw.notify("textDocument/didChange", change)
    request = await raw.request("textDocument/hover", {
        "textDocument": {"uri": DOCUMENT["uri"]}, "position": {"line": 0, "character": 1}})
    await raw.notify("textDocument/didChange", {**change, "textDocument": {"uri": DOCUMENT["uri"], "version": 3}})
    reply = await raw.response(request, timeout=5)
    assert reply["error"]["code"] == -32801  # ContentModified
    published = await raw.wait_for(lambda m: m.get("method") == "textDocument/publishDiagnostics")
    assert published["params"]["version"] == 3  # version 2 was never published


async def test_progress_only_for_clients_that_declare_it(raw):
    await raw.initialize({"window": {"workDoneProgress": True}})
    await raw.notify("textDocument/didOpen", {"textDocument": DOCUMENT})
    await raw.wait_for(lambda m: m.get("method") == "textDocument/publishDiagnostics")
    await raw.notify("workspace/didChangeConfiguration", {"settings": {"fantasma": {"minimumBits": 1}}})
    create = await raw.wait_for(lambda m: m.get("method") == "window/workDoneProgress/create")
    await raw.send({"id": create["id"], "result": None})
    token = create["params"]["token"]
    begin = await raw.wait_for(lambda m: m.get("method") == "$/progress")
    assert begin["params"] == {"token": token, "value": {"kind": "begin", "title": "Re-analysing", "message": "1 documents"}}
    end = await raw.wait_for(lambda m: m.get("method") == "$/progress")
    assert end["params"]["value"]["kind"] == "end"

    plain = await RawClient.start()
    try:
        await plain.initialize({})  # eglot: no window.workDoneProgress
        await plain.notify("textDocument/didOpen", {"textDocument": DOCUMENT})
        await plain.wait_for(lambda m: m.get("method") == "textDocument/publishDiagnostics")
        await plain.notify("workspace/didChangeConfiguration", {"settings": {"fantasma": {"minimumBits": 1}}})
        await plain.wait_for(lambda m: m.get("method") == "textDocument/publishDiagnostics")
        await still_answers(plain)
        assert not any(m.get("method", "").startswith(("window/workDoneProgress", "$/progress"))
                       for m in plain.pending)
    finally:
        await plain.close()


async def test_configuration_pull_with_section_tolerates_null(raw):
    await raw.initialize({"workspace": {"configuration": True}})
    pull = await raw.wait_for(lambda m: m.get("method") == "workspace/configuration")
    assert pull["params"] == {"items": [{"section": "fantasma"}]}
    await raw.send({"id": pull["id"], "result": [None]})  # eglot, Neovim: unknown section
    # Triple hyphens, which few writers type (a spaced "--" is hidden by default: a habit more
    # than a quarter of writers share).
    await raw.notify("textDocument/didOpen", {"textDocument": {
        **DOCUMENT, "text": "Mail jane.doe@example.com now---soon.\n"}})
    first = await raw.wait_for(lambda m: m.get("method") == "textDocument/publishDiagnostics")
    assert {d["code"] for d in first["params"]["diagnostics"]} >= {"contact-detail", "dash-style"}
    await raw.notify("workspace/didChangeConfiguration", {"settings": None})
    pull = await raw.wait_for(lambda m: m.get("method") == "workspace/configuration")
    await raw.send({"id": pull["id"], "result": [{"enabledCodes": ["dash-style"], "debounceMs": 10}]})
    second = await raw.wait_for(lambda m: m.get("method") == "textDocument/publishDiagnostics")
    assert {d["code"] for d in second["params"]["diagnostics"]} == {"dash-style"}
    await raw.notify("workspace/didChangeConfiguration", {"settings": None})
    pull = await raw.wait_for(lambda m: m.get("method") == "workspace/configuration")
    await raw.send({"id": pull["id"], "result": None})  # a null answer changes nothing
    await still_answers(raw)


async def test_bad_settings_are_reported_to_the_user(raw):
    await raw.initialize(options={"fantasma": {"minimumBits": "lots", "profileDirectory": "/no/such/dir"}})
    messages = [await raw.wait_for(lambda m: m.get("method") == "window/showMessage") for _ in range(2)]
    text = " ".join(m["params"]["message"] for m in messages)
    assert "minimumBits" in text
    assert "profile not loaded" in text
    await still_answers(raw)


async def test_logs_hold_document_text_only_at_trace(tmp_path):
    secret = "Zanzibarquux"
    for level, expect_text in [("debug", False), ("trace", True)]:
        log = tmp_path / f"{level}.log"
        client = await RawClient.start("--log-level", level, "--log-file", str(log))
        try:
            await client.initialize()
            await client.notify("textDocument/didOpen", {"textDocument": {**DOCUMENT, "text": f"My {secret} text.\n"}})
            await client.wait_for(lambda m: m.get("method") == "textDocument/publishDiagnostics")
            await client.response(await client.request("shutdown"))
            await client.notify("exit")
            assert await client.exit_code() == 0
        finally:
            await client.close()
        content = log.read_text()
        assert "opened file:///doc.md" in content
        assert (secret in content) == expect_text


def test_command_line():
    version = subprocess.run([SERVER, "--version"], capture_output=True, text=True, check=True)
    assert version.stdout.startswith("fantasma-ls ")
    usage = subprocess.run([SERVER, "--help"], capture_output=True, text=True, check=True)
    for option in ["--stdio", "--log-file", "--log-level", "--version"]:
        assert option in usage.stdout
    bad = subprocess.run([SERVER, "--log-level", "loud"], capture_output=True, text=True)
    assert bad.returncode != 0
    unwritable = subprocess.run([SERVER, "--log-file", "/no/such/dir/log"], capture_output=True,
                                text=True, input="")
    assert unwritable.returncode == 1
    assert "cannot open log file" in unwritable.stderr


TINY_MODEL = str(Path(__file__).resolve().parents[2] / "generator" / "tiny-chat-model")
PARAGRAPH = {"uri": "file:///rewrite.md", "languageId": "markdown", "version": 1,
             "text": "Whilst the colour of the sea was grey -- we walked home; slowly.\n"}


def opencl_device_count() -> int:
    fantasma = Path(SERVER).parents[1] / "cli" / "fantasma"
    listed = subprocess.run([str(fantasma), "devices"], capture_output=True, text=True)
    return listed.stdout.count("  device ")


async def preview_rewrite(client: RawClient) -> dict:
    await client.notify("textDocument/didOpen", {"textDocument": PARAGRAPH})
    await client.wait_for(lambda m: m.get("method") == "textDocument/publishDiagnostics", timeout=30)
    request = await client.request("workspace/executeCommand", {
        "command": "fantasma.previewRewrite",
        "arguments": [{"uri": PARAGRAPH["uri"], "version": 1,
                       "range": {"start": {"line": 0, "character": 0},
                                 "end": {"line": 0, "character": 64}}}]})
    return await client.response(request, timeout=300)


@pytest.mark.parametrize("setting", [{"backend": "opencl", "device": "0"},
                                     {"backend": "opencl", "device": 0}])
async def test_the_model_rewrite_runs_on_an_opencl_device(setting):
    if opencl_device_count() == 0:
        pytest.skip("no OpenCL device")
    client = await RawClient.start()
    try:
        await client.initialize(options={"fantasma": {"model": TINY_MODEL, "rewriteCandidates": 2,
                                                      **setting}})
        reply = await preview_rewrite(client)
        assert "result" in reply, reply
        assert len(reply["result"]["candidates"]) == 2
        note = await client.wait_for(lambda m: m.get("method") == "window/showMessage"
                                     and "rewrite model is" in m["params"]["message"])
        assert note["params"]["message"].startswith("fantasma: the rewrite model is running on opencl (")
    finally:
        await client.close()


async def test_a_device_without_room_falls_back_to_the_cpu_with_a_note():
    if opencl_device_count() == 0:
        pytest.skip("no OpenCL device")
    # The tiny model's file is 0.6 MiB: a device limited to 0.1 MiB cannot hold them.
    client = await RawClient.start(env={"FANTASMA_OPENCL_MEMORY_MIB": "0.1"})
    try:
        await client.initialize(options={"fantasma": {"model": TINY_MODEL, "backend": "auto",
                                                      "device": "0", "rewriteCandidates": 1}})
        reply = await preview_rewrite(client)
        assert "result" in reply, reply
        note = await client.wait_for(lambda m: m.get("method") == "window/showMessage"
                                     and "rewrite model is" in m["params"]["message"])
        message = note["params"]["message"]
        assert message.startswith("fantasma: the rewrite model is running on the CPU: the model (")
        assert "does not fit in OpenCL device 0 (" in message
        # Named outright, the same device is an error the writer reads, not a silent fallback.
        await client.notify("workspace/didChangeConfiguration", {"settings": {"fantasma": {
            "model": TINY_MODEL, "backend": "opencl", "device": "0", "rewriteCandidates": 1}}})
        reply = await preview_rewrite(client)
        assert reply["error"]["code"] == -32803
        assert "has 102 KiB of memory" in reply["error"]["message"]
    finally:
        await client.close()
