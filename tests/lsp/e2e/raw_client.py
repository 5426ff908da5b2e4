"""A minimal JSON-RPC client over the server's stdio, byte-exact, for what a well-behaved
client library cannot send: broken headers, bad JSON, huge lengths, requests before
initialize."""

import asyncio
import json
import os
from pathlib import Path

# CTest passes the binary it built; by hand, the release build is used.
SERVER = os.environ.get(
    "FANTASMA_LS",
    str(Path(__file__).resolve().parents[3] / "build" / "release" / "lsp" / "fantasma-ls"),
)


def frame(body: bytes) -> bytes:
    return b"Content-Length: %d\r\n\r\n" % len(body) + body


class RawClient:
    def __init__(self, process: asyncio.subprocess.Process):
        self.process = process
        self.next_id = 1000
        self.pending: list[dict] = []  # messages read but not yet asked for

    @classmethod
    async def start(cls, *args: str, env: dict | None = None) -> "RawClient":
        """The server with `args`; `env`: variables added to this process's environment."""
        process = await asyncio.create_subprocess_exec(
            SERVER, *args, stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE,
            env={**os.environ, **env} if env else None,
        )
        return cls(process)

    async def write(self, data: bytes) -> None:
        self.process.stdin.write(data)
        await self.process.stdin.drain()

    async def send(self, message: dict) -> None:
        await self.write(frame(json.dumps({"jsonrpc": "2.0", **message}).encode()))

    async def request(self, method: str, params=None) -> int:
        self.next_id += 1
        message = {"id": self.next_id, "method": method}
        if params is not None:
            message["params"] = params
        await self.send(message)
        return self.next_id

    async def notify(self, method: str, params=None) -> None:
        message = {"method": method}
        if params is not None:
            message["params"] = params
        await self.send(message)

    async def read(self, timeout: float = 10.0) -> dict:
        if self.pending:
            return self.pending.pop(0)
        return await asyncio.wait_for(self._read_one(), timeout)

    async def _read_one(self) -> dict:
        length = None
        while True:
            line = await self.process.stdout.readline()
            if not line:
                raise EOFError("the server closed its output")
            line = line.strip()
            if not line:
                break
            name, _, value = line.partition(b":")
            if name.strip().lower() == b"content-length":
                length = int(value)
        assert length is not None, "server sent a header without Content-Length"
        return json.loads(await self.process.stdout.readexactly(length))

    async def wait_for(self, predicate, timeout: float = 10.0) -> dict:
        """The first message (read now or earlier) that satisfies `predicate`; others stay
        pending."""
        for index, message in enumerate(self.pending):
            if predicate(message):
                return self.pending.pop(index)
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while True:
            message = await asyncio.wait_for(self._read_one(), max(0.01, deadline - loop.time()))
            if predicate(message):
                return message
            self.pending.append(message)

    async def response(self, request_id, timeout: float = 10.0) -> dict:
        return await self.wait_for(
            lambda m: m.get("id") == request_id and "method" not in m, timeout
        )

    async def initialize(self, capabilities=None, options=None) -> dict:
        params = {"processId": None, "rootUri": None, "capabilities": capabilities or {}}
        if options is not None:
            params["initializationOptions"] = options
        reply = await self.response(await self.request("initialize", params))
        await self.notify("initialized", {})
        return reply

    async def exit_code(self, timeout: float = 10.0) -> int:
        return await asyncio.wait_for(self.process.wait(), timeout)

    async def close(self) -> None:
        if self.process.returncode is None:
            self.process.kill()
            await self.process.wait()
