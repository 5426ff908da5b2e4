#!/usr/bin/env python3
"""Writes the structured seeds of the fantasma-ls fuzzer into tests/lsp/fuzz_corpus: nesting
past the server's JSON depth limit and just under it, numbers past every integer type, long
strings, and every method the server knows with parameters of the right shape. The other
seeds in that folder were written by hand. Run it again after adding a method."""

import json
from pathlib import Path

CORPUS = Path(__file__).resolve().parents[1] / "fuzz_corpus"
DOC = "file:///a.md"


def frame(body: str) -> str:
    return f"Content-Length: {len(body.encode())}\r\n\r\n{body}"


def message(**fields) -> str:
    return frame(json.dumps({"jsonrpc": "2.0", **fields}, ensure_ascii=False))


def session(*messages: str) -> str:
    return "".join(messages)


def position(line=0, character=0):
    return {"line": line, "character": character}


def text_range(start=(0, 0), end=(0, 5)):
    return {"start": position(*start), "end": position(*end)}


OPEN = message(method="textDocument/didOpen", params={"textDocument": {
    "uri": DOC, "languageId": "markdown", "version": 1,
    "text": "# Title\n\nMail jane.doe@example.com -- soon; colour.\n"}})


def nested(depth: int) -> str:
    return "[" * depth + "]" * depth


seeds = {
    "deep_nesting": session(
        frame('{"jsonrpc":"2.0","id":1,"method":"textDocument/hover","params":' + nested(200) + "}"),
        frame('{"jsonrpc":"2.0","id":2,"method":"textDocument/hover","params":' + nested(120) + "}"),
        frame('{"jsonrpc":"2.0","method":"workspace/didChangeConfiguration","params":{"settings":'
              + '{"a":' * 150 + "1" + "}" * 150 + "}}"),
        frame('{"jsonrpc":"2.0","id":3,"method":"shutdown","params":"' + "[" * 300 + '"}'),
    ),
    "huge_numbers": session(
        OPEN,
        frame('{"jsonrpc":"2.0","id":1e400,"method":"shutdown"}'),
        frame('{"jsonrpc":"2.0","id":9223372036854775808,"method":"textDocument/hover","params":'
              '{"textDocument":{"uri":"file:///a.md"},"position":{"line":4294967296,"character":-1}}}'),
        frame('{"jsonrpc":"2.0","method":"textDocument/didChange","params":{"textDocument":'
              '{"uri":"file:///a.md","version":1.5},"contentChanges":[{"range":{"start":'
              '{"line":18446744073709551616,"character":0},"end":{"line":0,"character":1e-400}},'
              '"text":"x"}]}}'),
        frame('{"jsonrpc":"2.0","id":-0,"method":"initialize","params":{"capabilities":{},'
              '"initializationOptions":{"minimumBits":1e308,"debounceMs":-1e308,'
              '"rewriteCandidates":99999999999999999999}}}'),
    ),
    "long_strings": session(
        message(method="textDocument/didOpen", params={"textDocument": {
            "uri": "file:///" + "d/" * 600 + "a.md", "languageId": "x" * 500, "version": 1,
            "text": ("Word " * 500) + "\n" + "😀" * 100}}),
        message(id=1, method="textDocument/hover", params={
            "textDocument": {"uri": "file:///" + "d/" * 600 + "a.md"}, "position": position(0, 3000)}),
        message(id="s" * 500, method="no/" + "such" * 100),
    ),
}

# Every method, with parameters of the shape it expects.
requests = {
    "initialize": {"capabilities": {"general": {"positionEncodings": ["utf-8", "utf-16"]},
                                    "window": {"workDoneProgress": True},
                                    "workspace": {"configuration": True,
                                                  "workspaceEdit": {"documentChanges": True}}},
                   "initializationOptions": {"fantasma": {"minimumBits": 0.5, "debounceMs": 0}}},
    "textDocument/hover": {"textDocument": {"uri": DOC}, "position": position(2, 6)},
    "textDocument/codeAction": {"textDocument": {"uri": DOC}, "range": text_range((2, 0), (2, 40)),
                                "context": {"diagnostics": [{"range": text_range((2, 5), (2, 25)),
                                                             "message": "m", "data": {"code": "contact-detail",
                                                                                      "version": 1, "span": [14, 34]}}]}},
    "workspace/executeCommand": {"command": "fantasma.ignoreInWorkspace", "arguments": ["dash-style"]},
    "shutdown": None,
}
notifications = {
    "initialized": {},
    "textDocument/didChange": {"textDocument": {"uri": DOC, "version": 2},
                               "contentChanges": [{"range": text_range((2, 0), (2, 4)), "text": "Send"}]},
    "textDocument/didSave": {"textDocument": {"uri": DOC}},
    "workspace/didChangeConfiguration": {"settings": {"fantasma": {"ignoredCodes": ["semicolon"]}}},
    "$/cancelRequest": {"id": 7},
    "window/workDoneProgress/cancel": {"token": "fantasma-rewrite-1"},
    "textDocument/didClose": {"textDocument": {"uri": DOC}},
    "exit": None,
}
every = [message(id=1, method="initialize", params=requests.pop("initialize")), OPEN]
for number, (method, params) in enumerate(requests.items(), start=2):
    every.append(message(id=number, method=method, **({"params": params} if params is not None else {})))
for command in ["fantasma.resetWorkspaceIgnores", "fantasma.rewriteWithModel", "fantasma.previewRewrite"]:
    every.append(message(id=20, method="workspace/executeCommand", params={
        "command": command, "arguments": [{"uri": DOC, "version": 2, "range": text_range((2, 0), (2, 9))}]}))
every.append(message(id=0, result=[{"fantasma": {"minimumBits": 1}}]))  # a reply to the server
every.append(message(id=1, error={"code": -32601, "message": "no"}))
for method, params in notifications.items():
    every.append(message(method=method, **({"params": params} if params is not None else {})))
seeds["every_method"] = session(*every)

for name, content in seeds.items():
    (CORPUS / name).write_text(content, encoding="utf-8")
    print(f"{name}: {len(content.encode())} bytes")
