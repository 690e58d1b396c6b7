"""Edits an LLM answers with: strict search/replace blocks, parsed and applied to the kernel.

The format (one or more blocks, optionally inside ``` fences, optionally preceded by a line
naming the file):

    <<<<<<< SEARCH
    exact lines of the current kernel
    =======
    the lines that replace them
    >>>>>>> REPLACE

Every failure is a result the debug agent sends back to the model as feedback: a malformed
answer, a SEARCH text that is not in the kernel (or is there more than once), an edit naming the
reference file, or one that changes the reference part of a single-file problem (class Model,
get_inputs, get_init_inputs, module-level shape constants).
"""

from __future__ import annotations

import ast
import difflib
import hashlib
import io
import json
import re
import tokenize
from typing import Literal

from pydantic import BaseModel, ConfigDict

EditStatus = Literal["applied", "malformed", "no_match", "ambiguous", "touches_reference", "no_change"]

SEARCH = re.compile(r"^\s*<{5,9} ?SEARCH\s*$")
DIVIDER = re.compile(r"^\s*={5,9}\s*$")
REPLACE = re.compile(r"^\s*>{5,9} ?REPLACE\s*$")
FENCE = re.compile(r"^\s*```")
REFERENCE_NAMES = ("Model", "get_inputs", "get_init_inputs")


class EditBlock(BaseModel):
    model_config = ConfigDict(extra="forbid")

    path: str | None = None
    search: str
    replace: str


class EditResult(BaseModel):
    model_config = ConfigDict(extra="forbid")

    status: EditStatus
    message: str
    new_source: str | None = None
    blocks: int = 0


class ParseResult(BaseModel):
    model_config = ConfigDict(extra="forbid")

    status: Literal["ok", "malformed"]
    message: str
    blocks: list[EditBlock] = []


def parse_blocks(answer: str) -> ParseResult:
    """Parse every SEARCH/REPLACE block of an answer; anything half-formed is malformed."""
    lines = answer.splitlines()
    blocks: list[EditBlock] = []
    i = 0
    last_text_line: str | None = None
    while i < len(lines):
        line = lines[i]
        if SEARCH.match(line):
            start = i
            i += 1
            search: list[str] = []
            while i < len(lines) and not DIVIDER.match(lines[i]):
                if SEARCH.match(lines[i]) or REPLACE.match(lines[i]):
                    return ParseResult(status="malformed", message=f"block at line {start + 1}: expected ======= before line {i + 1}")
                search.append(lines[i])
                i += 1
            if i >= len(lines):
                return ParseResult(status="malformed", message=f"block at line {start + 1}: no ======= divider")
            i += 1
            replace: list[str] = []
            while i < len(lines) and not REPLACE.match(lines[i]):
                if SEARCH.match(lines[i]) or DIVIDER.match(lines[i]):
                    return ParseResult(status="malformed", message=f"block at line {start + 1}: expected >>>>>>> REPLACE before line {i + 1}")
                replace.append(lines[i])
                i += 1
            if i >= len(lines):
                return ParseResult(status="malformed", message=f"block at line {start + 1}: no >>>>>>> REPLACE line")
            if not any(s.strip() for s in search):
                return ParseResult(status="malformed", message=f"block at line {start + 1}: empty SEARCH section")
            path = _path_hint(last_text_line)
            blocks.append(EditBlock(path=path, search="\n".join(search), replace="\n".join(replace)))
            last_text_line = None
        elif DIVIDER.match(line) or REPLACE.match(line):
            return ParseResult(status="malformed", message=f"line {i + 1}: {line.strip()!r} outside a SEARCH block")
        elif line.strip() and not FENCE.match(line):
            last_text_line = line.strip()
        i += 1
    if not blocks:
        return ParseResult(
            status="malformed",
            message="no edit found: answer with <<<<<<< SEARCH / ======= / >>>>>>> REPLACE blocks",
        )
    return ParseResult(status="ok", message=f"{len(blocks)} block(s)", blocks=blocks)


def _path_hint(line: str | None) -> str | None:
    if line and re.fullmatch(r"[\w./\\-]+\.(py|cu|ptx|s)", line.strip("`*: ")):
        return line.strip("`*: ")
    return None


def _find(haystack: str, needle: str) -> list[int]:
    out, start = [], 0
    while True:
        k = haystack.find(needle, start)
        if k < 0:
            return out
        out.append(k)
        start = k + 1


def _apply_one(source: str, block: EditBlock) -> tuple[EditStatus, str, str]:
    hits = _find(source, block.search)
    if len(hits) == 1:
        k = hits[0]
        return "applied", source[:k] + block.replace + source[k + len(block.search) :], ""
    if len(hits) > 1:
        return "ambiguous", source, f"SEARCH text occurs {len(hits)} times; include more lines to make it unique"
    # tolerate trailing whitespace and a different indentation width of the whole block: match
    # line by line on rstripped lines
    src_lines = source.splitlines(keepends=True)
    want = [x.rstrip() for x in block.search.splitlines()]
    n = len(want)
    found = [
        j for j in range(len(src_lines) - n + 1) if [x.rstrip() for x in src_lines[j : j + n]] == want
    ]
    if len(found) == 1:
        j = found[0]
        tail = "\n" if src_lines[j + n - 1].endswith("\n") else ""
        new = "".join(src_lines[:j]) + block.replace + tail + "".join(src_lines[j + n :])
        return "applied", new, ""
    if len(found) > 1:
        return "ambiguous", source, f"SEARCH text occurs {len(found)} times; include more lines"
    close = difflib.get_close_matches(want[0], [x.rstrip() for x in src_lines], n=1) if want else []
    hint = f" (nearest line: {close[0].strip()!r})" if close else ""
    return "no_match", source, f"SEARCH text not found in the kernel{hint}"


def reference_parts(source: str) -> dict[str, str] | None:
    """The reference part of a problem file: class Model, get_inputs, get_init_inputs, and
    module-level constants, by name -> normalised AST dump. None when the source does not parse."""
    try:
        tree = ast.parse(source)
    except SyntaxError:
        return None
    parts: dict[str, str] = {}
    for node in tree.body:
        if isinstance(node, (ast.ClassDef, ast.FunctionDef)) and node.name in REFERENCE_NAMES:
            parts[node.name] = ast.dump(node)
        elif isinstance(node, ast.Assign) and isinstance(node.value, ast.Constant):
            for t in node.targets:
                if isinstance(t, ast.Name):
                    parts[f"const:{t.id}"] = ast.dump(node.value)
    return parts


def apply_edits(
    source: str,
    answer: str,
    *,
    reference_names: tuple[str, ...] = (),
    guard_reference_part: bool = False,
) -> EditResult:
    """Parse `answer` and apply its blocks to `source`, in order.

    reference_names: file names (basenames) of the reference; a block that names one is refused.
    guard_reference_part: the source also holds the reference (single-file problem); an edit that
    changes it is refused.
    """
    parsed = parse_blocks(answer)
    if parsed.status != "ok":
        return EditResult(status="malformed", message=parsed.message)
    new = source
    for n, block in enumerate(parsed.blocks, 1):
        if block.path and any(block.path.endswith(r) for r in reference_names if r):
            return EditResult(
                status="touches_reference",
                message=f"block {n} edits the reference file {block.path}; only the candidate may change",
                blocks=len(parsed.blocks),
            )
        status, new, msg = _apply_one(new, block)
        if status != "applied":
            return EditResult(status=status, message=f"block {n}: {msg}", blocks=len(parsed.blocks))
    if source_hash(new) == source_hash(source):
        return EditResult(status="no_change", message="the edits leave the kernel unchanged", blocks=len(parsed.blocks))
    if guard_reference_part:
        before, after = reference_parts(source), reference_parts(new)
        if before is not None and after is not None and before != after:
            changed = sorted(k for k in set(before) | set(after) if before.get(k) != after.get(k))
            return EditResult(
                status="touches_reference",
                message=f"the edit changes the reference part ({', '.join(changed)}); only ModelNew and its kernels may change",
                blocks=len(parsed.blocks),
            )
    return EditResult(status="applied", message=f"applied {len(parsed.blocks)} block(s)", new_source=new, blocks=len(parsed.blocks))


def source_hash(source: str) -> str:
    """Hash of the source's tokens without comments and blank lines (the oscillation guard's key)."""
    try:
        toks = [
            (t.type, t.string)
            for t in tokenize.generate_tokens(io.StringIO(source).readline)
            if t.type not in (tokenize.COMMENT, tokenize.NL, tokenize.ENCODING)
        ]
        norm = json.dumps(toks)
    except (tokenize.TokenError, IndentationError, SyntaxError):
        norm = "\n".join(line.rstrip() for line in source.splitlines() if line.strip())
    return hashlib.sha256(norm.encode()).hexdigest()[:16]


def unified_diff(before: str, after: str, name: str) -> str:
    return "".join(
        difflib.unified_diff(
            before.splitlines(keepends=True),
            after.splitlines(keepends=True),
            fromfile=f"a/{name}",
            tofile=f"b/{name}",
        )
    )


def blocks_from_diff(before: str, after: str, context: int = 2) -> str:
    """SEARCH/REPLACE blocks that turn `before` into `after` (each SEARCH made unique by
    widening its context): how a recorded repair is written in the answer format."""
    a = before.splitlines(keepends=True)
    b = after.splitlines(keepends=True)
    out: list[str] = []
    ops = [op for op in difflib.SequenceMatcher(a=a, b=b, autojunk=False).get_opcodes() if op[0] != "equal"]
    for group in _merge(ops, context):
        i1, i2, j1, j2 = group
        ctx = context
        while True:
            s1, s2 = max(0, i1 - ctx), min(len(a), i2 + ctx)
            search = "".join(a[s1:s2])
            if before.count(search) == 1 or (s1 == 0 and s2 == len(a)):
                break
            ctx += 1
        replace = "".join(a[s1:i1]) + "".join(b[j1:j2]) + "".join(a[i2:s2])
        out.append(f"<<<<<<< SEARCH\n{search.rstrip(chr(10))}\n=======\n{replace.rstrip(chr(10))}\n>>>>>>> REPLACE\n")
    return "".join(out)


def _merge(ops: list[tuple[str, int, int, int, int]], context: int) -> list[tuple[int, int, int, int]]:
    groups: list[list[int]] = []
    for _tag, i1, i2, j1, j2 in ops:
        if groups and i1 - groups[-1][1] <= 2 * context + 1:
            groups[-1][1], groups[-1][3] = i2, j2
        else:
            groups.append([i1, i2, j1, j2])
    return [tuple(g) for g in groups]  # type: ignore[misc]
