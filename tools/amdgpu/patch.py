"""Applying a unified diff to assembly text, every hunk's context matched exactly."""

from __future__ import annotations

import re
from typing import Literal

from kagent.tools.amdgpu.common import _M


class PatchResult(_M):
    status: Literal["applied", "malformed", "no_match"]
    message: str
    text: str | None = None


_HUNK = re.compile(r"^@@ -(\d+)(?:,(\d+))? \+(\d+)(?:,(\d+))? @@")


def apply_unified_diff(text: str, diff: str) -> PatchResult:
    """Apply a unified diff to `text`; every hunk's context must match exactly (offsets allowed)."""
    lines = text.splitlines()
    hunks: list[tuple[int, list[str], list[str]]] = []
    cur: tuple[int, list[str], list[str]] | None = None
    for raw in diff.splitlines():
        if raw.startswith(("--- ", "+++ ", "diff ", "index ")) and cur is None or raw.startswith(("--- ", "+++ ")) and cur and not cur[1] and not cur[2]:
            continue
        m = _HUNK.match(raw)
        if m:
            cur = (int(m.group(1)), [], [])
            hunks.append(cur)
            continue
        if cur is None:
            continue
        if raw.startswith("\\"):
            continue
        tag, body = (raw[:1], raw[1:]) if raw else (" ", "")
        if tag == " ":
            cur[1].append(body)
            cur[2].append(body)
        elif tag == "-":
            cur[1].append(body)
        elif tag == "+":
            cur[2].append(body)
        else:
            return PatchResult(status="malformed", message=f"unexpected diff line: {raw[:80]!r}")
    if not hunks:
        return PatchResult(status="malformed", message="no @@ hunks in the patch")
    shift = 0
    for n, (start, old, new) in enumerate(hunks, 1):
        want = start - 1 + shift
        pos = None
        for delta in sorted(range(-len(lines), len(lines) + 1), key=abs):
            p = want + delta
            if 0 <= p <= len(lines) - len(old) and lines[p : p + len(old)] == old:
                pos = p
                break
        if pos is None:
            return PatchResult(status="no_match", message=f"hunk {n} (line {start}) does not match the assembly")
        lines[pos : pos + len(old)] = new
        shift += len(new) - len(old) + (pos - want)
    return PatchResult(status="applied", message=f"applied {len(hunks)} hunk(s)", text="\n".join(lines) + "\n")
