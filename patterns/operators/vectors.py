"""Small vectors spelled as scalars: Triton has no float3, so a kernel carries a point, a normal or a colour
as three names (`dx, dy, dz`, `x0, y0, z0`, `r, g, b` of a stem) and passes them as runs of arguments
(`cross3(ax, ay, az, bx, by, bz)`). Its slips are whole-vector ones:
- vector_swap: two runs of a call's arguments exchanged (cross3(m, t) for cross3(t, m)): the order of a
  cross product or a difference;
- vector_rename: a vector on a line read in place of another the function holds (the light direction
  `d` for the unit `l`, vertex 0 for vertex 1): every component of it renamed at once, which a one-name
  substitution (three edits to combine) seldom reaches.
"""

from __future__ import annotations

import ast

from kagent.patterns.operators.base import Src, nodes_of, operator
from kagent.patterns.operators.generic import _replace

_COMPONENTS = (("x", "y", "z", "w"), ("r", "g", "b", "a"))
_MAX = 12


def _split(name: str, comps: tuple[str, ...]) -> list[tuple[str, str, str]]:
    """(stem, component, side) readings of a name: `dx` -> ("d", "x", "suffix"), `x0` -> ("0", "x", "prefix")."""
    out = []
    if len(name) >= 2 and name[-1] in comps:
        out.append((name[:-1].rstrip("_"), name[-1], "suffix"))
    if len(name) >= 2 and name[0] in comps:
        out.append((name[1:].lstrip("_"), name[0], "prefix"))
    return out


def _function_names(src: Src, line0: int) -> set[str]:
    fn = next((f for f in [*(k.node for k in src.kernels.values()), *src.host_functions]
               if f.lineno - 1 <= line0 < (f.end_lineno or f.lineno)), None)
    if fn is None:
        return set()
    names = {a.arg for a in fn.args.args + fn.args.kwonlyargs}
    return names | {n.id for n in ast.walk(fn) if isinstance(n, ast.Name)}


def _vectors(names: set[str]) -> dict[tuple[str, str], dict[str, str]]:
    """(stem, side) -> {component: name}, for stems with two components or more among `names`."""
    out: dict[tuple[str, str], dict[str, str]] = {}
    for comps in _COMPONENTS:
        for n in sorted(names):  # a set's order changes with the process's hash seed
            for stem, comp, side in _split(n, comps):
                out.setdefault((stem, side), {})[comp] = n
    return {k: out[k] for k in sorted(out) if len(out[k]) >= 2}


def _line_reads(src: Src, line0: int) -> list[ast.Name]:
    return [n for n in nodes_of(src.tree, ast.Name) if n.lineno - 1 == line0 and n.end_lineno == n.lineno
            and isinstance(n.ctx, ast.Load)]


@operator("vector_rename", "operand", 2, "a vector read in place of another: every component of `d` -> `l`",
          scopes=("kernel", "host"))
def _vector_rename(src: Src, line0: int) -> list:
    vectors = _vectors(_function_names(src, line0))
    here = _line_reads(src, line0)
    out = []
    for (stem, side), comps in vectors.items():
        used = [n for n in here if n.id in comps.values()]
        read = {n.id for n in used}
        if len(read) < 2:  # one component alone is a one-name substitution's
            continue
        mine = {c for c, name in comps.items() if name in read}
        for (other, other_side), theirs in vectors.items():
            if other_side != side or other == stem or not mine <= set(theirs):
                continue
            back = {name: c for c, name in comps.items()}
            e = _replace(src, [(n, theirs[back[n.id]]) for n in used], f"vector `{stem}` -> `{other}` "
                         f"({', '.join(sorted(read))} -> {', '.join(theirs[back[x]] for x in sorted(read))})")
            if e:
                out.append(e)
    return out[:_MAX]


@operator("vector_swap", "args", 2, "two runs of a call's arguments exchanged: cross3(a.., b..) -> cross3(b.., a..)",
          scopes=("kernel", "host"))
def _vector_swap(src: Src, line0: int) -> list:
    vectors = _vectors(_function_names(src, line0))
    member = {name: key for key, comps in vectors.items() for name in comps.values()}
    out = []
    for call in nodes_of(src.tree, ast.Call):
        if call.lineno - 1 != line0:
            continue
        args = call.args
        for k in (4, 3, 2):
            for i in range(len(args) - 2 * k + 1):
                a, b = args[i:i + k], args[i + k:i + 2 * k]
                if not all(isinstance(x, ast.Name) and x.id in member for x in a + b):
                    continue
                ka, kb = {member[x.id] for x in a}, {member[x.id] for x in b}
                if len(ka) != 1 or len(kb) != 1 or ka == kb:
                    continue
                e = _replace(src, [*zip(a, [ast.unparse(x) for x in b]), *zip(b, [ast.unparse(x) for x in a])],
                             f"exchange `{', '.join(x.id for x in a)}` and `{', '.join(x.id for x in b)}`")
                if e:
                    out.append(e)
    return out[:_MAX]
