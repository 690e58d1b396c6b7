"""Value probes: where a kernel's wrong elements come from, found by running it (mutation-based localization).

The static localization ranks lines by what the verifier's symptoms suggest (stores, masks, reductions);
for an arithmetic slip it is close to blind (sets 26-27: the faulty line was among the 3 most suspected
sites in 14 of 110 runs, and beyond the 10th, where the grammar tier looks first, in half). A probe
nudges the value one line assigns (`x = e` -> `x = (e) * 1.01 + 0.01`; an integer-looking line also
`x = e + 1`) and the screen says what moved: only elements that were wrong (the line is in the failing
elements' slice), elements that were right too, or nothing. No probe is a fix: the search screens them
once per base, right after the base, and orders its lines by what they did (agents/debug.py).

Only kernel lines that assign a value are probed: not pointers, offsets, masks or constexprs (a nudged
index reads elsewhere; a nudged mask is no value).
"""

from __future__ import annotations

import ast
import re

from kagent.patterns.operators.base import Src, nodes_of

_INTEGER = re.compile(r"//|%|<<|>>|[&|^]|\bint\d*\b|\.to\(tl\.u?int")
MAX_PROBES = 80


def value_probes(source: str, limit: int = MAX_PROBES) -> list[tuple[int, str, str]]:
    """(1-based line, description, probed source) for the kernels' value assignments, in line order."""
    try:
        src = Src(source)
    except SyntaxError:
        return []
    out: list[tuple[int, str, str]] = []
    for k in src.kernels.values():
        skip = _not_values(k.node, set(k.params), k.constexpr)
        for n in ast.walk(k.node):
            if not isinstance(n, (ast.Assign, ast.AugAssign)) or n.lineno != n.end_lineno:
                continue
            targets = n.targets if isinstance(n, ast.Assign) else [n.target]
            if len(targets) != 1 or not isinstance(targets[0], ast.Name) or targets[0].id in skip:
                continue
            if isinstance(n.value, (ast.Compare, ast.BoolOp)) or _is_load_of_mask(n.value):
                continue
            line0 = n.lineno - 1
            text = src.lines[line0]
            seg = ast.get_source_segment(source, n.value)
            if seg is None or text.count(seg) != 1:
                continue
            nudges = ["({}) * 1.01 + 0.01"] + (["({}) + 1"] if _INTEGER.search(seg) else [])
            for nudge in nudges:
                new = text.replace(seg, nudge.format(seg), 1)
                lines = list(src.lines)
                lines[line0] = new
                out.append((n.lineno, f"probe line {n.lineno}: {nudge.format('e')}", "\n".join(lines)))
    out.sort(key=lambda t: t[0])
    return out[:limit]


def _not_values(fn: ast.AST, params: set[str], constexpr: set[str]) -> set[str]:
    """Names a nudge must not touch: pointers, constexprs, masks, and whatever flows into an address, a
    mask or a loop bound (followed back through the assignments)."""
    out = {p for p in params if "ptr" in p.lower()} | set(constexpr)
    seeds: list[ast.expr] = []
    for n in ast.walk(fn):
        if isinstance(n, ast.Call):
            f = ast.unparse(n.func)
            if f.startswith("tl.") and any(w in f for w in ("load", "store", "atomic")) and n.args:
                seeds.append(n.args[0])
            if f in ("range", "tl.range", "tl.static_range"):
                seeds.extend(n.args)
            seeds.extend(kw.value for kw in n.keywords if kw.arg == "mask")
        elif isinstance(n, ast.Assign) and (isinstance(n.value, (ast.Compare, ast.BoolOp)) or (
                isinstance(n.value, ast.BinOp) and isinstance(n.value.op, (ast.BitAnd, ast.BitOr))
                and any(isinstance(x, ast.Compare) for x in ast.walk(n.value)))):
            out |= {t.id for tgt in n.targets for t in nodes_of(tgt, ast.Name)}
    out |= {m.id for e in seeds for m in nodes_of(e, ast.Name)}
    defs = [(n, {t.id for tgt in n.targets for t in nodes_of(tgt, ast.Name)})
            for n in ast.walk(fn) if isinstance(n, ast.Assign)]
    grew = True
    while grew:  # an address's parts, and theirs
        grew = False
        for n, names in defs:
            if names & out:
                reads = {m.id for m in nodes_of(n.value, ast.Name)} - out
                if reads:
                    out |= reads
                    grew = True
    return out


def _is_load_of_mask(e: ast.expr) -> bool:
    return isinstance(e, ast.Call) and ast.unparse(e.func) == "tl.load" and any(
        kw.arg == "other" and isinstance(kw.value, ast.Constant) and isinstance(kw.value.value, bool) for kw in e.keywords)
