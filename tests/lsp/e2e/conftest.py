"""pytest-lsp fixtures that run the real fantasma-ls binary as Neovim 0.7 and VS Code
would (their capability profiles), recording every notification with its version."""

import asyncio
import time

import pytest
import pytest_lsp
from lsprotocol import types
from pygls.protocol import default_converter
from pytest_lsp import ClientServerConfig, LanguageClient, client_capabilities
from pytest_lsp.client import register_lsp_features
from pytest_lsp.protocol import LanguageClientProtocol

from raw_client import SERVER


class RecordingProtocol(LanguageClientProtocol):
    """Keeps every notification the server sends, in order, as plain JSON."""

    def get_result_type(self, method):
        # lsprotocol reads any CodeAction that has a `command` as a Command, dropping its
        # kind and edit: code actions are kept as the server's JSON instead.
        if method == "textDocument/codeAction":
            return None
        return super().get_result_type(method)

    def _plain(self, value):
        if hasattr(value, "__attrs_attrs__"):
            return self._converter.unstructure(value)
        if hasattr(value, "_asdict"):  # pygls' objects for methods it does not know
            return {key: self._plain(item) for key, item in value._asdict().items()}
        if isinstance(value, dict):
            return {key: self._plain(item) for key, item in value.items()}
        if isinstance(value, list):
            return [self._plain(item) for item in value]
        return value

    def _handle_notification(self, method_name, params):
        self._server.notifications.append((method_name, self._plain(params)))
        return super()._handle_notification(method_name, params)


def make_client() -> LanguageClient:
    client = LanguageClient(protocol_cls=RecordingProtocol, converter_factory=default_converter)
    client.notifications = []
    register_lsp_features(client)
    return client


def server_config(*args: str) -> ClientServerConfig:
    return ClientServerConfig(
        server_command=[SERVER, "--stdio", "--log-level", "debug", *args],
        client_factory=make_client,
    )


async def start_session(client: LanguageClient, profile: str, options=None, folder=None):
    await client.initialize_session(
        types.InitializeParams(
            capabilities=client_capabilities(profile),
            initialization_options=options,
            root_uri=folder,
        )
    )


# Short debounce so the tests run quickly; cancellation tests set their own. The samples'
# spaced "--" dashes and British spellings are habits more than a quarter of writers share,
# hidden unless asked for.
FAST = {"fantasma": {"debounceMs": 20, "showCommonHabits": True}}


@pytest_lsp.fixture(config=server_config(), params=["neovim@v0.7.0", "visual_studio_code@v1.65.2"])
async def client(lsp_client: LanguageClient, request):
    await start_session(lsp_client, request.param, FAST)
    yield
    await lsp_client.shutdown_session()


async def wait_until(predicate, timeout: float = 10.0, what: str = "condition"):
    deadline = time.monotonic() + timeout
    while True:
        result = predicate()
        if result:
            return result
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out waiting for {what}")
        await asyncio.sleep(0.01)


def published(client: LanguageClient, uri: str, version=None):
    """Every publishDiagnostics for `uri` (at `version`, if given), oldest first."""
    return [
        params
        for method, params in client.notifications
        if method == "textDocument/publishDiagnostics"
        and params["uri"] == uri
        and (version is None or params.get("version") == version)
    ]


async def diagnostics_for(client: LanguageClient, uri: str, version: int, timeout=10.0):
    """The diagnostics published for `uri` at `version` (waits for them)."""
    found = await wait_until(
        lambda: published(client, uri, version), timeout, f"diagnostics of {uri} v{version}"
    )
    return found[-1]["diagnostics"]


def summaries(client: LanguageClient, uri: str):
    return [p for m, p in client.notifications if m == "fantasma/summary" and p["uri"] == uri]


def open_document(client: LanguageClient, uri: str, text: str, language="markdown", version=1):
    client.text_document_did_open(
        types.DidOpenTextDocumentParams(
            text_document=types.TextDocumentItem(
                uri=uri, language_id=language, version=version, text=text
            )
        )
    )


def utf16_position(text: str, offset: int) -> types.Position:
    """The LSP position (UTF-16 columns) of the character offset `offset` in `text`."""
    before = text[:offset]
    line = before.count("\n")
    column_text = before[before.rfind("\n") + 1 :]
    return types.Position(line=line, character=len(column_text.encode("utf-16-le")) // 2)


def text_edits(edits) -> list:
    """TextEdits from their JSON."""
    return [
        types.TextEdit(
            range=types.Range(
                start=types.Position(**edit["range"]["start"]),
                end=types.Position(**edit["range"]["end"]),
            ),
            new_text=edit["newText"],
        )
        for edit in edits
    ]


def apply_edits(text: str, edits) -> str:
    """`text` with LSP TextEdits (UTF-16 positions) applied, as an editor would."""

    def offset(position) -> int:
        lines = text.split("\n")
        start = sum(len(line) + 1 for line in lines[: position.line])
        line = lines[position.line] if position.line < len(lines) else ""
        units = 0
        for index, character in enumerate(line):
            if units >= position.character:
                return start + index
            units += len(character.encode("utf-16-le")) // 2
        return start + len(line)

    for edit in sorted(edits, key=lambda e: (e.range.start.line, e.range.start.character), reverse=True):
        begin, end = offset(edit.range.start), offset(edit.range.end)
        text = text[:begin] + edit.new_text + text[end:]
    return text
