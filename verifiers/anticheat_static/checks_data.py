"""Checks for expected outputs read from elsewhere or embedded: introspection, io_access, file_access
(file, directory and environment reads outside the forward path), hardcoded_output.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from typing import Literal

from kagent.verifiers.anticheat_static.resolve import Analysis, Read, Unit, _walk_skip, literal_numbers
from kagent.verifiers.anticheat_static.views import (
    Hit,
    _assignment_targets,
    _calls,
    _forward_nodes,
    _hit,
    _module_nodes,
    _outermost_refs,
)
from kagent.verifiers.anticheat_static.vocabulary import (
    _DATA_FILE_RE,
    _DATA_LOAD_PATHS,
    _DIR_LIST_CALLS,
    _FILE_OPEN_CALLS,
    _FRAME_ATTRS,
    _HARDCODED_BYTES_MIN,
    _HARDCODED_FACTORY_MIN,
    _HARDCODED_LITERAL_MIN,
    _INTROSPECTION_PREFIXES,
    _IO_PREFIXES,
    _NETWORK_PREFIXES,
    _PATH_PLACE_CALLS,
    _PATH_READ_METHODS,
    _STORED_DATA_LOADERS,
    _TENSOR_FACTORY_PATHS,
)


def check_introspection(an: Analysis) -> Iterator[Hit]:
    for unit, node, sym in _outermost_refs(an, [*_module_nodes(an), *_forward_nodes(an)]):
        if not sym.startswith("<") and (sym.startswith(_INTROSPECTION_PREFIXES) or sym in ("inspect", "gc.get_objects")):
            yield _hit(unit, node, f"uses `{sym}`: reading caller frames, other modules or live objects "
                       "can find the expected output", op=sym)
    for unit, node in [*_module_nodes(an), *_forward_nodes(an)]:
        if isinstance(node, ast.Attribute) and node.attr in _FRAME_ATTRS:
            yield _hit(unit, node, f"reads frame/function internals `.{node.attr}`: walks the caller's "
                       "frames or globals", op=node.attr)


def check_io_access(an: Analysis) -> Iterator[Hit]:
    for unit, node, sym in _outermost_refs(an, _forward_nodes(an)):
        s = sym.replace("<new:", "").replace(">", "")
        if s.startswith(_IO_PREFIXES) or not sym.startswith("<") and sym.startswith(_STORED_DATA_LOADERS):
            yield _hit(unit, node, f"uses `{s}` in the forward path: reads files, the network or the "
                       "environment, where expected outputs can hide", op=s)
    for unit, node, sym in _outermost_refs(an, _module_nodes(an)):
        if not sym.startswith("<") and sym.startswith(_NETWORK_PREFIXES):
            yield _hit(unit, node, f"uses `{sym}`: network access from a candidate", op=sym)
    # outside the forward path (__init__, module level, helpers): reads that point at stored outputs
    for r in _module_reads(an):
        if r.kind == "load":
            yield _hit(r.unit, r.node, f"calls `{r.op}` outside the forward path: loads stored tensors or "
                       "pickles from a file, e.g. a reference's cached outputs", op=r.op)
        elif r.kind in ("open", "list") and r.why:
            verb = "reads a file" if r.kind == "open" else "lists a directory"
            yield _hit(r.unit, r.node, f"{verb} with `{r.op}` where the path involves {', '.join(r.why)}: "
                       "kagent's and Triton's caches, temporary folders and stored tensors are where expected "
                       "outputs can be read from", op=r.op, path_involves=r.why)
        elif r.kind == "env" and r.env_name and _suspicious_env_name(r.env_name):
            yield _hit(r.unit, r.node, f"reads environment variable {r.env_name}: it locates kagent's/Triton's "
                       "caches or the user's folders, where expected outputs can be read from",
                       op=r.op, env=r.env_name)


def check_file_access(an: Analysis) -> Iterator[Hit]:
    for r in _module_reads(an):
        if r.kind in ("open", "list") and not r.why:
            verb = "reads a file" if r.kind == "open" else "lists a directory"
            yield _hit(r.unit, r.node, f"{verb} with `{r.op}` outside the forward path: legitimate for a "
                       "kernel source next to the candidate, but stored expected outputs can be read the same "
                       "way", op=r.op)
        elif r.kind == "env" and r.env_name is None:
            yield _hit(r.unit, r.node, f"reads the environment as a whole (`{r.op}`) or by a computed name: "
                       "it can locate kagent's caches", op=r.op)


_ENV_WRITE_METHODS = frozenset({"setdefault", "update", "pop", "popitem", "clear", "__setitem__", "__delitem__",
                                "putenv", "unsetenv"})


def _suspicious_env_name(name: str) -> bool:
    """Environment variables that locate caches or the user's folders (not CUDA_HOME, TORCH_CUDA_ARCH_LIST)."""
    n = name.upper()
    return (n.startswith(("KAGENT", "XDG_", "PYTEST")) or "CACHE" in n
            or n in ("HOME", "USERPROFILE", "TMPDIR", "TEMP", "TMP", "PWD", "OLDPWD", "APPDATA", "LOCALAPPDATA")
            or n.startswith(("TRITON_", "TORCHINDUCTOR_", "TORCH_")) and n.endswith(("_DIR", "_HOME", "_PATH")))


def _module_reads(an: Analysis) -> list[Read]:
    if an._reads is None:
        fwd_ids = {id(n) for _, n in _forward_nodes(an)}
        rest = [(u, n) for u, n in _module_nodes(an) if id(n) not in fwd_ids]
        reads: list[Read] = []
        for unit, call in _calls(rest):
            r = _read_call(an, call, unit)
            if r is not None:
                kind, op, exprs = r
                why = [] if kind == "load" else _path_evidence(an, exprs, unit)
                reads.append(Read(unit, call, kind, op, why))
        reads.extend(_env_reads(an, rest))
        an._reads = reads
    return an._reads


def _read_call(an: Analysis, call: ast.Call, unit: Unit) -> tuple[Literal["load", "open", "list"], str, list[ast.expr]] | None:
    """(kind, function, path expressions) of a call that reads a file or lists a directory."""
    sym = an.resolve(call.func, unit)
    if not sym:
        return None
    exprs = [*call.args, *[k.value for k in call.keywords]]
    if not sym.startswith("<"):
        if sym.startswith(_STORED_DATA_LOADERS):
            return "load", sym, exprs
        if sym.startswith(_FILE_OPEN_CALLS):
            return "open", sym, exprs
        if sym.startswith(_DIR_LIST_CALLS):
            return "list", sym, exprs
    q = sym.replace("<new:", "").replace(">", "")
    last = q.split(".")[-1]
    if q.startswith("pathlib.") and last in _PATH_READ_METHODS and isinstance(call.func, ast.Attribute):
        return ("open" if last in ("read_bytes", "read_text", "open", "readlink") else "list"), q, [call.func.value, *exprs]
    return None


def _env_reads(an: Analysis, nodes: list[tuple[Unit, ast.AST]]) -> Iterator[Read]:
    for unit, node, sym in _outermost_refs(an, nodes):
        parent = an.parents.get(id(node))
        if sym in ("os.environ", "os.environb"):
            if isinstance(parent, ast.Subscript) and parent.value is node:
                if not isinstance(parent.ctx, ast.Load):
                    continue  # os.environ["X"] = ... configures, it does not read
                yield Read(unit, parent, "env", sym, env_name=_const_text(an, parent.slice, unit))
            elif isinstance(parent, ast.Compare) and node in parent.comparators and _const_text(an, parent.left, unit):
                yield Read(unit, parent, "env", sym, env_name=_const_text(an, parent.left, unit))
            else:
                yield Read(unit, node, "env", sym)  # dict(os.environ), iterating it, passing it on
        elif sym in ("os.getenv", "os.getenvb") or sym.startswith(("os.environ.", "os.environb.")):
            if sym.split(".")[-1] in _ENV_WRITE_METHODS:
                continue
            if isinstance(parent, ast.Call) and parent.func is node:
                name = _const_text(an, parent.args[0], unit) if parent.args and sym.split(".")[-1] in (
                    "getenv", "getenvb", "get", "__getitem__", "__contains__") else None
                yield Read(unit, parent, "env", sym, env_name=name)
            else:
                yield Read(unit, node, "env", sym)


def _const_text(an: Analysis, node: ast.AST, unit: Unit | None, depth: int = 0) -> str | None:
    """The string a simple expression always has: a constant, `"A" + "B"`, an f-string of constants,
    or a name bound once to one of those."""
    if depth > 6:
        return None
    if isinstance(node, ast.Constant):
        return node.value if isinstance(node.value, str) else None
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
        left, right = _const_text(an, node.left, unit, depth + 1), _const_text(an, node.right, unit, depth + 1)
        return left + right if left is not None and right is not None else None
    if isinstance(node, ast.JoinedStr):
        parts = [_const_text(an, v.value if isinstance(v, ast.FormattedValue) else v, unit, depth + 1) for v in node.values]
        return "".join(parts) if all(p is not None for p in parts) else None  # type: ignore[arg-type]
    if isinstance(node, ast.Name):
        bound = _assigned_values(an, node.id, unit)
        if len(bound) == 1:
            return _const_text(an, bound[0][0], bound[0][1], depth + 1)
    return None


def _path_evidence(an: Analysis, exprs: list[ast.expr], unit: Unit) -> list[str]:
    """What in these path expressions (following local and module-level names and self.X) points at
    stored outputs: an environment variable, a cache / temporary / home folder, a stored-tensor file."""
    why: list[str] = []
    seen: set[int] = set()
    todo: list[tuple[ast.AST, Unit | None]] = [(e, unit) for e in exprs]
    while todo and len(seen) < 400:
        expr, u = todo.pop()
        if id(expr) in seen:
            continue
        seen.add(id(expr))
        for n in ast.walk(expr):
            if isinstance(n, ast.Constant) and isinstance(n.value, str) and _DATA_FILE_RE.search(n.value):
                why.append(f"{n.value!r}")
            if not isinstance(n, (ast.Name, ast.Attribute)) or not isinstance(n.ctx, ast.Load):
                continue
            q = (an.resolve(n, u) or "").replace("<new:", "").replace(">", "")
            if q.startswith(("os.environ", "os.environb", "os.getenv")):
                why.append("an environment variable")
            elif q.startswith(_PATH_PLACE_CALLS):
                why.append(f"`{q}`")
            if isinstance(n, ast.Name):
                todo.extend(_assigned_values(an, n.id, u))
            elif isinstance(n.value, ast.Name) and n.value.id in ("self", "cls") and u is not None and u.cls:
                found = an.attr_value(u.cls, n.attr)
                if found is not None:
                    todo.append((found[1], Unit(qualname="", node=found[1], path=(), cls=found[0])))
    return list(dict.fromkeys(why))


def _call_site_args(an: Analysis, unit: Unit, param: str) -> list[tuple[ast.AST, Unit | None]]:
    """The arguments passed for `param` where the module calls this function or method (so that a
    helper `_read(path)` is judged by the paths it is called with)."""
    fdef = unit.node
    if not isinstance(fdef, (ast.FunctionDef, ast.AsyncFunctionDef)):
        return []
    targets = set()
    if an.functions.get(fdef.name) is fdef:
        targets.add(f"<def:{fdef.name}>")
    if unit.cls and an.method(unit.cls, fdef.name) is fdef:
        targets |= {f"<meth:{unit.cls}.{fdef.name}>", f"<new:<class:{unit.cls}>>.{fdef.name}"}
    if not targets or param not in unit.params:
        return []
    index = unit.params.index(param)
    if unit.cls and unit.params and unit.params[0] in ("self", "cls"):
        index -= 1
    out: list[tuple[ast.AST, Unit | None]] = []
    for u, n in _module_nodes(an):
        if isinstance(n, ast.Call) and (an.resolve(n.func, u) or "") in targets:
            if 0 <= index < len(n.args) and not any(isinstance(a, ast.Starred) for a in n.args[:index + 1]):
                out.append((n.args[index], u))
            out.extend((k.value, u) for k in n.keywords if k.arg == param)
    return out


def _assigned_values(an: Analysis, name: str, unit: Unit | None) -> list[tuple[ast.AST, Unit | None]]:
    """The expressions a name is bound to: in its function (assignments, loops, with-items), else at
    module level."""
    out: list[tuple[ast.AST, Unit | None]] = []
    if unit is not None and isinstance(unit.node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
        for n in _walk_skip(unit.node, an._is_nested_kernel):
            if isinstance(n, ast.Assign) and any(isinstance(t, ast.Name) and t.id == name for t in _assignment_targets(n)):
                out.append((n.value, unit))
            elif isinstance(n, (ast.AugAssign, ast.AnnAssign, ast.NamedExpr)) and isinstance(n.target, ast.Name) \
                    and n.target.id == name and n.value is not None:
                out.append((n.value, unit))
            elif isinstance(n, (ast.For, ast.AsyncFor, ast.comprehension)) and isinstance(n.target, ast.Name) \
                    and n.target.id == name:
                out.append((n.iter, unit))
            elif isinstance(n, ast.withitem) and isinstance(n.optional_vars, ast.Name) and n.optional_vars.id == name:
                out.append((n.context_expr, unit))
        if name in unit.params and not out:
            return _call_site_args(an, unit, name)
        if out:
            return out
    if name in an.module_values:
        out.append((an.module_values[name], None))
    return out


def _numeric_literal_count(node: ast.AST) -> int:
    if isinstance(node, ast.Constant) and isinstance(node.value, (int, float, complex)) and not isinstance(node.value, bool):
        return 1
    if isinstance(node, ast.UnaryOp) and isinstance(node.operand, ast.Constant):
        return _numeric_literal_count(node.operand)
    if isinstance(node, (ast.List, ast.Tuple, ast.Set)):
        return sum(_numeric_literal_count(e) for e in node.elts)
    return 0


def _reference_table(an: Analysis, node: ast.AST) -> bool:
    """The literal is a table the reference spells out too (the whole table, or a run of it, in order):
    the problem's own constant (ADPCM's 89 step sizes), which tells nothing of the outputs."""
    values = literal_numbers(node)
    if not values:
        return False
    k = len(values)
    return any(table[i:i + k] == values for table in an.reference_tables for i in range(len(table) - k + 1))


def check_hardcoded_output(an: Analysis) -> Iterator[Hit]:
    nodes = [*_module_nodes(an), *_forward_nodes(an)]
    seen: set[int] = set()
    for unit, node in nodes:
        if id(node) in seen:
            continue
        seen.add(id(node))
        if isinstance(node, (ast.List, ast.Tuple, ast.Set)):
            parent = an.parents.get(id(node))
            if isinstance(parent, (ast.List, ast.Tuple, ast.Set)):
                continue
            n = _numeric_literal_count(node)
            if n >= _HARDCODED_LITERAL_MIN and not _reference_table(an, node):
                yield _hit(unit, node, f"a literal table of {n} numbers: hard-coded outputs pass one input "
                           "and nothing else", literals=n)
        elif isinstance(node, ast.Call):
            q = an.resolve(node.func, unit) or ""
            if q in _TENSOR_FACTORY_PATHS and node.args:
                n = _numeric_literal_count(node.args[0])
                if _HARDCODED_FACTORY_MIN <= n < _HARDCODED_LITERAL_MIN and not _reference_table(an, node.args[0]):
                    yield _hit(unit, node, f"`{q}` of {n} literal numbers: a hard-coded tensor", literals=n)
            elif q.startswith(_DATA_LOAD_PATHS) and not q.startswith("<"):
                yield _hit(unit, node, f"calls `{q}`: loads or decodes stored data, e.g. precomputed "
                           "outputs", op=q)
        elif isinstance(node, ast.Constant) and isinstance(node.value, bytes) and len(node.value) >= _HARDCODED_BYTES_MIN:
            yield _hit(unit, node, f"a {len(node.value)}-byte bytes literal: embedded binary data", size=len(node.value))
