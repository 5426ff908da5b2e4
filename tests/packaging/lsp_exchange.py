#!/usr/bin/env python3
"""Drives an installed fantasma-ls through initialize, didOpen, diagnostics, shutdown, exit.

    lsp_exchange.py VERSION DOCUMENT -- COMMAND...

COMMAND starts the server (`chroot ROOT /usr/bin/fantasma-ls`, or a DESTDIR's binary).
Fails unless serverInfo names fantasma-ls at VERSION, the document's diagnostics arrive for
its version with at least one marker, and the server exits 0 after shutdown and exit.
"""
import json
import subprocess
import sys
import time

TIMEOUT_S = 60


def send(server, message):
    body = json.dumps(message).encode()
    server.stdin.write(b"Content-Length: %d\r\n\r\n%s" % (len(body), body))
    server.stdin.flush()


def receive(server):
    length = None
    while True:
        line = server.stdout.readline()
        if not line:
            sys.exit("the server closed its output before answering")
        if line in (b"\r\n", b"\n"):
            break
        name, _, value = line.decode().partition(":")
        if name.lower() == "content-length":
            length = int(value)
    return json.loads(server.stdout.read(length))


def wait_for(server, accept, what):
    deadline = time.monotonic() + TIMEOUT_S
    while time.monotonic() < deadline:
        message = receive(server)
        if accept(message):
            return message
    sys.exit(f"no {what} within {TIMEOUT_S} s")


def main():
    version, document = sys.argv[1], sys.argv[2]
    command = sys.argv[sys.argv.index("--") + 1:]
    with open(document, encoding="utf-8") as file:
        text = file.read()
    uri = "file:///tmp/fantasma-exchange/" + document.rsplit("/", 1)[-1]
    server = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE)
    send(server, {"jsonrpc": "2.0", "id": 1, "method": "initialize",
                  "params": {"processId": None, "rootUri": None, "capabilities": {}}})
    reply = wait_for(server, lambda m: m.get("id") == 1, "initialize reply")
    info = reply["result"]["serverInfo"]
    if info != {"name": "fantasma-ls", "version": version}:
        sys.exit(f"serverInfo is {info}, not fantasma-ls {version}")
    send(server, {"jsonrpc": "2.0", "method": "initialized", "params": {}})
    send(server, {"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {
        "textDocument": {"uri": uri, "languageId": "markdown", "version": 1, "text": text}}})
    published = wait_for(server, lambda m: m.get("method") == "textDocument/publishDiagnostics"
                         and m["params"]["uri"] == uri, "diagnostics")["params"]
    codes = sorted({d["code"] for d in published["diagnostics"]})
    if published.get("version") != 1 or not codes:
        sys.exit(f"diagnostics for version {published.get('version')}: {codes}")
    send(server, {"jsonrpc": "2.0", "id": 2, "method": "shutdown"})
    wait_for(server, lambda m: m.get("id") == 2, "shutdown reply")
    send(server, {"jsonrpc": "2.0", "method": "exit"})
    status = server.wait(timeout=TIMEOUT_S)
    if status != 0:
        sys.exit(f"the server exited with {status} after shutdown and exit")
    print(f"fantasma-ls {version}: {len(published['diagnostics'])} diagnostics ({', '.join(codes)})")


if __name__ == "__main__":
    main()
