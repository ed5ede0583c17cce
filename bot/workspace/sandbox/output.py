"""Command output: capped (head and tail kept) and scanned for Smith's secrets as it streams."""

from __future__ import annotations

import collections
from collections.abc import Sequence
from dataclasses import dataclass, field

from bot.workspace.secret_scan import find_secret

TRUNCATION_MARKER = "\n[... output truncated by Smith: {dropped} bytes dropped ...]\n"
SCAN_OVERLAP = 16_384
"""Bytes of the previous chunk scanned again, so a secret split across two chunks is found."""


@dataclass
class CappedBuffer:
    """Keeps the first and last halves of the output within `cap` bytes."""

    cap: int
    head: bytearray = field(default_factory=bytearray)
    tail: collections.deque[bytes] = field(default_factory=collections.deque)
    tail_size: int = 0
    dropped: int = 0

    def add(self, chunk: bytes) -> None:
        room = self.cap // 2 - len(self.head)
        if room > 0:
            self.head += chunk[:room]
            chunk = chunk[room:]
        if not chunk:
            return
        self.tail.append(chunk)
        self.tail_size += len(chunk)
        limit = self.cap - self.cap // 2
        while self.tail_size > limit:
            first = self.tail.popleft()
            excess = self.tail_size - limit
            if len(first) > excess:
                self.tail.appendleft(first[excess:])
                self.dropped += excess
                self.tail_size -= excess
            else:
                self.dropped += len(first)
                self.tail_size -= len(first)

    def text(self) -> str:
        body = bytes(self.head)
        if self.dropped:
            body += TRUNCATION_MARKER.format(dropped=self.dropped).encode()
        body += b"".join(self.tail)
        return body.decode("utf-8", errors="replace")


@dataclass
class SecretWatch:
    """Scans every byte of the output, dropped ones included, for any of `secrets`."""

    secrets: Sequence[str]
    carry: bytes = b""
    leaked: bool = False

    def add(self, chunk: bytes) -> None:
        if self.leaked or not self.secrets:
            return
        window = self.carry + chunk
        if find_secret(window.decode("utf-8", errors="replace"), self.secrets):
            self.leaked = True
        self.carry = window[-SCAN_OVERLAP:]
