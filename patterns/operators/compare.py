"""Comparison and bound operators: `<` / `<=`, `>` / `>=`, off-by-one bounds (Triton and CUDA C)."""

from __future__ import annotations

import re

from kagent.patterns.operators.base import TEMPLATE_ARGS, Src, code_part, one_line, operator, sub_each

_LE = re.compile(r"(?<![<>=!])<=(?!=)")
_LT = re.compile(r"(?<![<>=!-])<(?![<=])")
_GE = re.compile(r"(?<![<>=!-])>=(?!=)")
_GT = re.compile(r"(?<![<>=!-])>(?![>=])")
_MINUS_ONE = re.compile(r"(\b\w+(?:\[[^\]]*\])?)\s*-\s*1\b(?![.\d])")
_PLUS_ONE = re.compile(r"(\b\w+(?:\[[^\]]*\])?)\s*\+\s*1\b(?![.\d])")


def _skip(text: str) -> bool:
    t = text.strip()
    return not t or t.startswith(("#", "//", "import", "from", "@", "#include", "template")) or "->" in t and "<" not in t


def _edits(src: Src, line0: int, rx: re.Pattern[str], repl: str, what: str) -> list:
    text = src.lines[line0]
    if _skip(text):
        return []
    code = code_part(text)
    if "<<<" in code or "<torch" in code or "#include" in code or "template" in code:
        return []
    # C++ template brackets (`x.data_ptr<float>()`, `static_cast<int64_t>(r)`) are no comparison
    brackets = {i for m in TEMPLATE_ARGS.finditer(code) for i in (m.start(1), m.end(1) - 1)}
    return [one_line(f"line {line0 + 1}: {what}", line0, new + text[len(code):])
            for new in sub_each(rx, lambda m: None if m.start() in brackets else m.expand(repl), code)]


@operator("cmp_strict", "compare", 1, "a bound `<=` / `>=` made strict", scopes=("kernel", "cuda", "host"))
def _strict(src: Src, line0: int) -> list:
    return _edits(src, line0, _LE, "<", "`<=` -> `<`") + _edits(src, line0, _GE, ">", "`>=` -> `>`")


@operator("cmp_loose", "compare", 2, "a strict bound `<` / `>` made inclusive", scopes=("kernel", "cuda"))
def _loose(src: Src, line0: int) -> list:
    return _edits(src, line0, _LT, "<=", "`<` -> `<=`") + _edits(src, line0, _GT, ">=", "`>` -> `>=`")


@operator("bound_off_by_one", "compare", 2, "drop or add the `- 1` / `+ 1` of a bound", scopes=("kernel", "cuda", "host"))
def _off_by_one(src: Src, line0: int) -> list:
    text = src.lines[line0]
    code = code_part(text)
    if not re.search(r"[<>]|range\(|for\s*\(|cdiv|mask", code):
        return []
    out = _edits(src, line0, _MINUS_ONE, r"\1", "drop `- 1` of a bound")
    out += _edits(src, line0, _PLUS_ONE, r"\1", "drop `+ 1` of a bound")
    # a 1-based loop (a DP table's rows 1..n) stopping one short: range(1, n) -> range(1, n + 1)
    out += _edits(src, line0, _ONE_BASED, r"\1\2 + 1)", "a 1-based loop through n: `+ 1` on its stop")
    return out


_ONE_BASED = re.compile(r"(\b(?:tl\.)?(?:static_)?range\(\s*1\s*,\s*)(\w+(?:\[[^\]]*\])?)\s*\)")
