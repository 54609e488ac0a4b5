"""One headless Chromium for several screenshots, driven over its DevTools pipe.

Chromium's ``--screenshot`` takes one page a start, and a start costs about 1.5 s; here
one browser (``--remote-debugging-pipe``: commands on its fd 3, replies and events on its
fd 4, each a JSON text ended by a NUL) opens each page in a new tab of its own, waits for
its load event, takes the screenshot and collects what the page logged (console calls,
uncaught exceptions, the browser's log entries for it).
"""

from __future__ import annotations

import base64
import json
import os
import select
import subprocess
import time
from pathlib import Path
from typing import Any

#: Console and log events: the page logged something.
LOGGED = ("Runtime.consoleAPICalled", "Runtime.exceptionThrown", "Log.entryAdded")


class Browser:
    """A headless Chromium (``executable``) with the profile ``profile``; every reply within
    ``timeout`` seconds."""

    def __init__(self, executable: str, profile: Path, timeout: float = 180.0):
        self.timeout = timeout
        commands, self._commands = os.pipe()
        self._replies, replies = os.pipe()
        self._stderr = profile.with_name(profile.name + ".stderr")
        with open(self._stderr, "wb") as stderr:
            self._proc = subprocess.Popen(
                ["bash", "-c", f'exec "$0" "$@" 3<&{commands} 4>&{replies}', executable,
                 "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
                 "--no-first-run", f"--user-data-dir={profile}", "--remote-debugging-pipe",
                 "about:blank"],
                pass_fds=(commands, replies), stdin=subprocess.DEVNULL,
                stdout=subprocess.DEVNULL, stderr=stderr)
        os.close(commands)
        os.close(replies)
        self._buffer = b""
        self._next_id = 0
        self._events: list[dict[str, Any]] = []

    def stderr(self) -> str:
        """The end of what the browser wrote on stderr (for a failing assertion)."""
        return self._stderr.read_text(encoding="utf-8", errors="replace")[-2000:]

    def _read(self, deadline: float) -> dict[str, Any]:
        while b"\0" not in self._buffer:
            left = deadline - time.monotonic()
            if left <= 0 or not select.select([self._replies], [], [], left)[0]:
                raise TimeoutError(f"no word from Chromium within {self.timeout:g} s: "
                                   + self.stderr())
            chunk = os.read(self._replies, 1 << 16)
            if not chunk:
                raise EOFError("Chromium closed its DevTools pipe: " + self.stderr())
            self._buffer += chunk
        message, _, self._buffer = self._buffer.partition(b"\0")
        parsed: dict[str, Any] = json.loads(message)
        return parsed

    def call(self, method: str, params: dict[str, Any] | None = None,
             session: str | None = None) -> dict[str, Any]:
        """Send a DevTools command and return its result; events read meanwhile are kept."""
        self._next_id += 1
        message: dict[str, Any] = {"id": self._next_id, "method": method,
                                   "params": params or {}}
        if session is not None:
            message["sessionId"] = session
        os.write(self._commands, json.dumps(message).encode() + b"\0")
        deadline = time.monotonic() + self.timeout
        while True:
            reply = self._read(deadline)
            if reply.get("id") == self._next_id:
                if "error" in reply:
                    raise RuntimeError(f"{method}: {reply['error']}")
                result: dict[str, Any] = reply.get("result", {})
                return result
            self._events.append(reply)

    def shoot(self, page: Path, png: Path, width: int, height: int, scale: float) -> list[str]:
        """Screenshot ``page`` in a ``width`` x ``height`` window (CSS pixels) at ``scale``
        into ``png``; return what the page logged, one line a message."""
        target = self.call("Target.createTarget", {"url": "about:blank"})["targetId"]
        session = self.call("Target.attachToTarget",
                            {"targetId": target, "flatten": True})["sessionId"]
        for domain in ("Page", "Runtime", "Log"):
            self.call(f"{domain}.enable", session=session)
        self.call("Emulation.setDeviceMetricsOverride",
                  {"width": width, "height": height, "deviceScaleFactor": scale,
                   "mobile": False}, session=session)
        self._events = []
        self.call("Page.navigate", {"url": page.as_uri()}, session=session)
        deadline = time.monotonic() + self.timeout
        while not any(e.get("method") == "Page.loadEventFired"
                      and e.get("sessionId") == session for e in self._events):
            self._events.append(self._read(deadline))
        shot = self.call("Page.captureScreenshot", {"format": "png"}, session=session)
        png.write_bytes(base64.b64decode(shot["data"]))
        logged = [_line(e) for e in self._events
                  if e.get("method") in LOGGED and e.get("sessionId") == session]
        self.call("Target.closeTarget", {"targetId": target})
        return logged

    def close(self) -> None:
        try:
            self.call("Browser.close")
            self._proc.wait(timeout=30)
        except (OSError, EOFError, TimeoutError, RuntimeError, subprocess.TimeoutExpired):
            self._proc.kill()
            self._proc.wait()
        finally:
            os.close(self._commands)
            os.close(self._replies)


def _line(event: dict[str, Any]) -> str:
    """One logged event as a line: what kind, and its text."""
    params = event.get("params", {})
    if event["method"] == "Runtime.consoleAPICalled":
        words = [str(a.get("value", a.get("description", ""))) for a in params.get("args", [])]
        return f"CONSOLE {params.get('type')}: {' '.join(words)}"
    if event["method"] == "Runtime.exceptionThrown":
        details = params.get("exceptionDetails", {})
        thrown = details.get("exception", {}).get("description") or details.get("text")
        return f"EXCEPTION: {thrown}"
    entry = params.get("entry", {})
    return f"LOG {entry.get('level')} {entry.get('source')}: {entry.get('text')}"
