"""Analysis: one candidate parsed once, with its imports, definitions and kernels, the units of code
reachable from ModelNew.forward, name resolution to symbols and expression typing (is it a tensor?);
the Unit and Read records it holds, and the AST helpers it uses.
"""

from __future__ import annotations

import ast
import logging
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any, Literal

from kagent.errors import InputError
from kagent.verifiers.anticheat_static.vocabulary import (
    _BUILTIN_NAMES,
    _EXTENSION_LOADERS,
    _KERNEL_DECORATORS,
    _NAME_CALLERS,
    _NON_TENSOR_ANNOTATIONS,
    _REACH_SKIP_METHODS,
    _WRAPPER_CALLS,
    TENSOR_COMPUTE_METHODS,
    TENSOR_SAFE_METHODS,
)

log = logging.getLogger("kagent.verifiers.anticheat_static")


@dataclass
class Unit:
    """A piece of code that runs: a function body, a lambda, or a module-level value."""

    qualname: str
    node: ast.AST
    path: tuple[str, ...]
    cls: str | None = None  # enclosing class for methods
    env: dict[str, str] = field(default_factory=dict)  # local name -> symbol
    tensors: set[str] = field(default_factory=set)  # local names believed to hold tensors
    params: list[str] = field(default_factory=list)
    values: dict[str, ast.expr] = field(default_factory=dict)  # local name -> container literal it holds


def _dotted(node: ast.AST) -> str | None:
    """`a.b.c` -> 'a.b.c' for plain Name/Attribute chains."""
    parts: list[str] = []
    while isinstance(node, ast.Attribute):
        parts.append(node.attr)
        node = node.value
    if isinstance(node, ast.Name):
        parts.append(node.id)
        return ".".join(reversed(parts))
    return None


def _const_str(node: ast.AST | None) -> str | None:
    return node.value if isinstance(node, ast.Constant) and isinstance(node.value, str) else None


def _any_element_of(iterable: ast.expr, where: ast.AST) -> ast.Subscript:
    """A synthetic `iterable[<computed>]`: what a loop variable over `iterable` holds."""
    sub = ast.Subscript(value=iterable, slice=ast.Name(id="<element>", ctx=ast.Load()), ctx=ast.Load())
    return ast.copy_location(sub, where)


def _const_key(node: ast.AST) -> tuple[bool, Any]:
    """(True, value) for a constant subscript key (`0`, `-1`, `"t"`), else (False, None)."""
    if isinstance(node, ast.Constant):
        return True, node.value
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub) and isinstance(node.operand, ast.Constant) \
            and isinstance(node.operand.value, int):
        return True, -node.operand.value
    return False, None


_CONTAINERS = (ast.List, ast.Tuple, ast.Set, ast.Dict)


def _is_main_guard(node: ast.AST) -> bool:
    if not isinstance(node, ast.If) or not isinstance(node.test, ast.Compare):
        return False
    t = node.test
    names = [t.left, *t.comparators]
    return any(isinstance(n, ast.Name) and n.id == "__name__" for n in names) and any(
        _const_str(n) == "__main__" for n in names
    )


def _walk_skip(node: ast.AST, skip: Callable[[ast.AST], bool]) -> Iterator[ast.AST]:
    """ast.walk that does not descend into nodes for which skip() is true (they are not yielded)."""
    stack = [node]
    while stack:
        cur = stack.pop()
        yield cur
        for child in reversed(list(ast.iter_child_nodes(cur))):
            if not skip(child):
                stack.append(child)


def literal_numbers(node: ast.AST) -> tuple[float, ...] | None:
    """The numbers of a literal list / tuple (nested ones flattened, negatives included), or None when it
    holds anything else."""
    if isinstance(node, ast.Constant) and isinstance(node.value, (int, float)) and not isinstance(node.value, bool):
        return (float(node.value),)
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, (ast.USub, ast.UAdd)):
        inner = literal_numbers(node.operand)
        return None if inner is None or len(inner) != 1 else ((-inner[0],) if isinstance(node.op, ast.USub) else inner)
    if isinstance(node, (ast.List, ast.Tuple)):
        out: list[float] = []
        for e in node.elts:
            part = literal_numbers(e)
            if part is None:
                return None
            out.extend(part)
        return tuple(out)
    return None


def literal_tables(source: str | None, at_least: int = 8) -> list[tuple[float, ...]]:
    """The numeric tables a reference spells out (a codec's step sizes, a filter's taps): a candidate
    holding the same table holds the problem's constant, not its outputs."""
    if not source:
        return []
    try:
        tree = ast.parse(source)
    except SyntaxError:
        return []
    found = (literal_numbers(n) for n in ast.walk(tree) if isinstance(n, (ast.List, ast.Tuple)))
    return [t for t in found if t is not None and len(t) >= at_least]


class Analysis:
    """Everything the checks need, computed once per candidate."""

    def __init__(self, source: str, reference_source: str | None = None) -> None:
        try:
            self.tree = ast.parse(source)
        except SyntaxError as e:
            raise InputError(f"candidate does not parse: {e.msg} (line {e.lineno})") from e
        self.source = source
        self.lines = source.splitlines()
        self.imports: dict[str, str] = {}
        self.functions: dict[str, ast.FunctionDef | ast.AsyncFunctionDef] = {}
        self.classes: dict[str, ast.ClassDef] = {}
        self.module_values: dict[str, ast.expr] = {}
        self.kernels: set[str] = set()
        self.parents: dict[int, ast.AST] = {}
        for parent in ast.walk(self.tree):
            for child in ast.iter_child_nodes(parent):
                self.parents[id(child)] = parent
        self._collect_module()
        self.reference_names = self._reference_names(reference_source)
        self.reference_tables = literal_tables(reference_source)
        self.ext_functions = self._extension_function_names()
        self.class_attrs: dict[str, dict[str, ast.expr]] = {}
        self.instance_attrs: dict[str, dict[str, ast.expr]] = {}
        for cname, cdef in self.classes.items():
            self.class_attrs[cname], self.instance_attrs[cname] = self._class_state(cdef)
        for node in self.tree.body:
            if isinstance(node, ast.Assign):
                for t in node.targets:
                    if isinstance(t, ast.Attribute) and isinstance(t.value, ast.Name) and t.value.id in self.classes:
                        self.class_attrs[t.value.id].setdefault(t.attr, node.value)
            elif isinstance(node, ast.Expr) and isinstance(node.value, ast.Call):
                c = node.value
                if (isinstance(c.func, ast.Name) and c.func.id == "setattr" and len(c.args) == 3
                        and isinstance(c.args[0], ast.Name) and c.args[0].id in self.classes and _const_str(c.args[1])):
                    self.class_attrs[c.args[0].id].setdefault(_const_str(c.args[1]), c.args[2])  # type: ignore[arg-type]
        self.units: list[Unit] = []
        self.forward_roots: list[str] = []
        self._forward_nodes: list[tuple[Unit, ast.AST]] | None = None
        self._module_nodes: list[tuple[Unit, ast.AST]] | None = None
        self._reads: list[Read] | None = None
        self._reach()

    # ---- module facts -----------------------------------------------------------------------

    def _record_import(self, node: ast.Import | ast.ImportFrom, into: dict[str, str]) -> None:
        if isinstance(node, ast.Import):
            for a in node.names:
                if a.asname:
                    into[a.asname] = a.name
                else:
                    root = a.name.split(".")[0]
                    into[root] = root
        else:
            mod = "." * node.level + (node.module or "")
            for a in node.names:
                if a.name == "*":
                    continue
                into[a.asname or a.name] = f"{mod}.{a.name}" if mod else a.name

    def _collect_module(self) -> None:
        for node in ast.walk(self.tree):
            if isinstance(node, (ast.Import, ast.ImportFrom)):
                self._record_import(node, self.imports)
        for node in self.tree.body:
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                self.functions[node.name] = node
            elif isinstance(node, ast.ClassDef):
                self.classes[node.name] = node
            elif isinstance(node, (ast.Assign, ast.AnnAssign)) and node.value is not None:
                targets = node.targets if isinstance(node, ast.Assign) else [node.target]
                for t in targets:
                    if isinstance(t, ast.Name):
                        self.module_values[t.id] = node.value
            elif isinstance(node, (ast.For, ast.AsyncFor)) and isinstance(node.target, ast.Name):
                # `for m in (torch.cuda,): m.synchronize = ...`: m is an element of the iterable
                self.module_values.setdefault(node.target.id, _any_element_of(node.iter, node))
        for name, fdef in self.functions.items():
            if any(self._is_kernel_decorator(d) for d in fdef.decorator_list):
                self.kernels.add(name)
        for name, value in self.module_values.items():
            if isinstance(value, ast.Call):
                q = self.resolve_static(value.func)
                if q and q.startswith(_KERNEL_DECORATORS):
                    self.kernels.add(name)
                    # `k = triton.jit(f)`: f is a kernel body too.
                    for a in value.args:
                        if isinstance(a, ast.Name) and a.id in self.functions:
                            self.kernels.add(a.id)

    def _is_kernel_decorator(self, dec: ast.expr) -> bool:
        target = dec.func if isinstance(dec, ast.Call) else dec
        q = self.resolve_static(target)
        return bool(q and q.startswith(_KERNEL_DECORATORS))

    def _reference_names(self, reference_source: str | None) -> set[str]:
        names = {"Model"}
        if reference_source:
            try:
                ref = ast.parse(reference_source)
            except SyntaxError:
                log.warning("reference does not parse; only `Model` is treated as reference code")
                return names
            own = set(self.functions) | set(self.classes) | set(self.module_values)
            for node in ref.body:
                if isinstance(node, (ast.FunctionDef, ast.ClassDef, ast.AsyncFunctionDef)):
                    if node.name not in own or node.name == "Model":
                        names.add(node.name)
        return names

    def _extension_function_names(self) -> set[str]:
        """Function names exported by load_inline(functions=[...]) and pycuda get_function('x')."""
        out: set[str] = set()
        for node in ast.walk(self.tree):
            if not isinstance(node, ast.Call):
                continue
            q = self.resolve_static(node.func)
            if q in _EXTENSION_LOADERS:
                for kw in node.keywords:
                    if kw.arg == "functions" and isinstance(kw.value, (ast.List, ast.Tuple)):
                        out.update(s for s in map(_const_str, kw.value.elts) if s)
                    elif kw.arg == "functions" and _const_str(kw.value):
                        out.add(_const_str(kw.value))  # type: ignore[arg-type]
            if isinstance(node.func, ast.Attribute) and node.func.attr in ("get_function", "get_kernel"):
                s = _const_str(node.args[0]) if node.args else None
                if s:
                    out.add(s)
        return out

    def _class_state(self, cdef: ast.ClassDef) -> tuple[dict[str, ast.expr], dict[str, ast.expr]]:
        cattrs: dict[str, ast.expr] = {}
        iattrs: dict[str, ast.expr] = {}
        for stmt in cdef.body:
            if isinstance(stmt, ast.Assign):
                for t in stmt.targets:
                    if isinstance(t, ast.Name):
                        cattrs[t.id] = stmt.value
        for stmt in cdef.body:
            if not isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef)):
                continue
            for node in ast.walk(stmt):
                if isinstance(node, (ast.Assign, ast.AnnAssign)) and node.value is not None:
                    targets = node.targets if isinstance(node, ast.Assign) else [node.target]
                    for t in targets:
                        if (isinstance(t, ast.Attribute) and isinstance(t.value, ast.Name)
                                and t.value.id == "self" and t.attr not in iattrs):
                            iattrs[t.attr] = node.value
                elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
                    # self.register_buffer("name", tensor) / self.register_parameter(...)
                    if (node.func.attr in ("register_buffer", "register_parameter")
                            and len(node.args) >= 2 and _const_str(node.args[0])):
                        iattrs.setdefault(_const_str(node.args[0]), node.args[1])  # type: ignore[arg-type]
        return cattrs, iattrs

    def class_bases(self, cname: str) -> list[str]:
        """Resolved base names of a local class, transitively through local classes."""
        out: list[str] = []
        seen: set[str] = set()
        todo = [cname]
        while todo:
            c = todo.pop()
            if c in seen or c not in self.classes:
                continue
            seen.add(c)
            for b in self.classes[c].bases:
                q = self.resolve_static(b) or _dotted(b) or ""
                out.append(q)
                if isinstance(b, ast.Name) and b.id in self.classes:
                    todo.append(b.id)
        return out

    def method_owner(self, cname: str, meth: str) -> str | None:
        """The local class (cname or a local base) defining `meth`."""
        seen: set[str] = set()
        todo = [cname]
        while todo:
            c = todo.pop(0)
            if c in seen or c not in self.classes:
                continue
            seen.add(c)
            for stmt in self.classes[c].body:
                if isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef)) and stmt.name == meth:
                    return c
            todo.extend(b.id for b in self.classes[c].bases if isinstance(b, ast.Name))
        return None

    def method(self, cname: str, meth: str) -> ast.FunctionDef | ast.AsyncFunctionDef | None:
        owner = self.method_owner(cname, meth)
        if owner is None:
            return None
        for stmt in self.classes[owner].body:
            if isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef)) and stmt.name == meth:
                return stmt
        return None

    # ---- name resolution ----------------------------------------------------------------------
    # Symbols are strings: a dotted import path ("torch.nn.functional.softmax"), "<def:f>" (a module
    # function), "<class:C>", "<meth:C.m>", "<kernel:k>", or an instance "<new:SYMBOL>" optionally
    # followed by ".attr" segments.

    def resolve_static(self, node: ast.AST) -> str | None:
        """Resolve against module-level imports only (used before units exist)."""
        return self.resolve(node, None)

    def resolve(self, node: ast.AST | None, unit: Unit | None, _depth: int = 0) -> str | None:
        if node is None or _depth > 12:
            return None
        if isinstance(node, ast.Name):
            n = node.id
            if unit is not None and n in unit.env:
                return unit.env[n]
            if n in self.kernels:
                return f"<kernel:{n}>"
            if n in self.functions:
                return f"<def:{n}>"
            if n in self.classes:
                return f"<class:{n}>"
            if n in self.imports:
                return self.imports[n]
            if n in self.module_values:
                v = self.module_values[n]
                if isinstance(v, ast.Lambda):
                    return f"<lambda:{n}>"
                if isinstance(v, (ast.Name, ast.Attribute, ast.Call)):
                    r = self.resolve(v, None, _depth + 1)
                    if r:
                        return r
                elif isinstance(v, ast.Subscript):
                    # `mod = _m[0]` with `_m = [torch.cuda]`: the library object itself
                    r = self.resolve(v, None, _depth + 1)
                    if r and not r.startswith("<"):
                        return r
                return f"<global:{n}>"
            if n in _BUILTIN_NAMES:
                return f"builtins.{n}"
            return None
        if isinstance(node, ast.Attribute):
            if isinstance(node.value, ast.Name) and node.value.id in ("self", "cls") and unit and unit.cls:
                return self._resolve_self_attr(unit.cls, node.attr, _depth)
            base = self.resolve(node.value, unit, _depth + 1)
            return f"{base}.{node.attr}" if base else None
        if isinstance(node, ast.Call):
            fq = self.resolve(node.func, unit, _depth + 1)
            if fq == "builtins.getattr" and len(node.args) >= 2:
                s = _const_str(node.args[1])
                base = self.resolve(node.args[0], unit, _depth + 1)
                return f"{base}.{s}" if (s and base) else None
            if fq in ("builtins.__import__", "importlib.import_module") and node.args:
                return _const_str(node.args[0])
            if fq == "builtins.super" and unit and unit.cls:
                return f"<super:{unit.cls}>"
            if fq in _WRAPPER_CALLS and node.args:
                # staticmethod(f) / functools.partial(f, ...) call f; a wrapped lambda resolves to None
                # so that the value stays a unit of its own (reached, walked)
                r = self.resolve(node.args[0], unit, _depth + 1)
                return r if r and not r.startswith("<const:") else None
            if fq in _NAME_CALLERS:
                return None
            if (isinstance(node.func, ast.Attribute) and node.func.attr in ("get", "pop", "setdefault", "__getitem__")
                    and node.args):
                # `d.get("t")` on a container literal: its element
                sub = ast.Subscript(value=node.func.value, slice=node.args[0], ctx=ast.Load())
                r = self._resolve_element(sub, unit, _depth)
                if r:
                    return r
            if fq:
                return f"<new:{fq}>"
            return None
        if isinstance(node, ast.Subscript):
            r = self._resolve_element(node, unit, _depth)
            if r:
                return r
            base = self.resolve(node.value, unit, _depth + 1)
            return f"{base}[]" if base else None
        if isinstance(node, (ast.Dict, ast.DictComp)):
            return "<new:builtins.dict>"
        if isinstance(node, (ast.Set, ast.SetComp)):
            return "<new:builtins.set>"
        if isinstance(node, (ast.List, ast.ListComp, ast.Tuple)):
            return "<new:builtins.list>"
        if isinstance(node, ast.Constant):
            return f"<const:{type(node.value).__name__}>"
        return None

    def _resolve_element(self, sub: ast.Subscript, unit: Unit | None, depth: int) -> str | None:
        """`_m[0]` / `d["t"]` / a loop variable over a container literal that holds a library object
        (`[torch.cuda]`, `{"t": torch}`): that object's path. None when it is not one."""
        el = self._element(sub, unit, depth)
        if el is None:
            return None
        r = self.resolve(el[0], el[1], depth + 1)
        return r if r and not r.startswith("<") else None

    def _container_of(self, node: ast.AST, unit: Unit | None, depth: int) -> tuple[ast.expr, Unit | None] | None:
        """The container literal (list/tuple/set/dict) that `node` names, and the unit its elements
        resolve in: a literal, a local or module-level name, self.X, or an element of one of those."""
        if depth > 12:
            return None
        if isinstance(node, _CONTAINERS):
            return node, unit
        if isinstance(node, ast.Name):
            n = node.id
            if unit is not None and n in unit.values:
                return unit.values[n], unit
            if unit is not None and re.fullmatch(r"<global:\w+>", unit.env.get(n, "")):
                n = unit.env[n][len("<global:"):-1]  # a local alias of a module-level value
            local = unit is not None and (n in unit.params or (n in unit.env and not unit.env[n].startswith("<global:")))
            if not local and n in self.module_values and not isinstance(self.module_values[n], ast.Name):
                return self._container_of(self.module_values[n], None, depth + 1)
            return None
        if (isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id in ("self", "cls")
                and unit is not None and unit.cls):
            found = self.attr_value(unit.cls, node.attr)
            if found is not None:
                owner, v = found
                return self._container_of(v, Unit(qualname="", node=v, path=(), cls=owner), depth + 1)
            return None
        if isinstance(node, ast.Subscript):
            el = self._element(node, unit, depth + 1)
            return self._container_of(el[0], el[1], depth + 1) if el else None
        return None

    def _element(self, sub: ast.Subscript, unit: Unit | None, depth: int) -> tuple[ast.expr, Unit | None] | None:
        """The element expression `sub` selects from a container literal: by a constant key, or (for a
        computed key or a loop over it) the first element that is a library object."""
        found = self._container_of(sub.value, unit, depth + 1)
        if found is None:
            return None
        cont, ctx = found
        if isinstance(cont, ast.Dict):
            pairs = [(k, v) for k, v in zip(cont.keys, cont.values) if k is not None]
        else:
            elts = [e for e in cont.elts if not isinstance(e, ast.Starred)]  # type: ignore[attr-defined]
            pairs = [(ast.Constant(value=i), e) for i, e in enumerate(elts)]
            pairs += [(ast.Constant(value=i - len(elts)), e) for i, e in enumerate(elts)]
        is_const, key = _const_key(sub.slice)
        if is_const:
            for k, v in pairs:
                if isinstance(k, ast.Constant) and type(k.value) is type(key) and k.value == key:
                    return v, ctx
            return None
        for _, v in pairs:
            r = self.resolve(v, ctx, depth + 1)
            if r and not r.startswith("<"):
                return v, ctx
        return None

    def attr_value(self, cname: str, attr: str) -> tuple[str, ast.expr] | None:
        """(owning class, value) of an instance or class attribute of a local class or its local bases."""
        for c in [cname, *[b.split(".")[-1] for b in self.class_bases(cname)]]:
            if attr in self.instance_attrs.get(c, {}):
                return c, self.instance_attrs[c][attr]
            if attr in self.class_attrs.get(c, {}):
                return c, self.class_attrs[c][attr]
        return None

    def _resolve_self_attr(self, cname: str, attr: str, depth: int) -> str | None:
        owner = self.method_owner(cname, attr)
        if owner is not None:
            return f"<meth:{owner}.{attr}>"
        for c in [cname, *[b.split(".")[-1] for b in self.class_bases(cname)]]:
            if attr in self.instance_attrs.get(c, {}):
                v = self.instance_attrs[c][attr]
                r = self.resolve(v, Unit(qualname="", node=v, path=(), cls=c), depth + 1)
                return r or f"<self:{c}.{attr}>"
            if attr in self.class_attrs.get(c, {}):
                v = self.class_attrs[c][attr]
                r = self.resolve(v, None, depth + 1)
                return r or f"<self:{c}.{attr}>"
        for b in self.class_bases(cname):
            if b and not b.startswith("<"):
                return f"<new:{b}>.{attr}"
        return None

    # ---- reachability -------------------------------------------------------------------------

    def _unit_for(self, qualname: str, node: ast.AST, path: tuple[str, ...], cls: str | None) -> Unit:
        u = Unit(qualname=qualname, node=node, path=path, cls=cls)
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
            args = node.args
            allargs = [*args.posonlyargs, *args.args, *args.kwonlyargs]
            defaults = [None] * (len(args.posonlyargs) + len(args.args) - len(args.defaults)) + list(args.defaults)
            for i, a in enumerate(allargs):
                u.params.append(a.arg)
                if a.arg in ("self", "cls", "ctx"):
                    continue
                ann = a.annotation
                ann_name = (_dotted(ann) or "").split(".")[-1] if ann is not None else ""
                d = defaults[i] if i < len(defaults) else None
                numeric_default = isinstance(d, ast.Constant) and d.value is not None
                grid_meta = isinstance(node, ast.Lambda) and a.arg in ("meta", "META", "nargs")  # Triton grid callback
                if ann_name not in _NON_TENSOR_ANNOTATIONS and not numeric_default and not grid_meta:
                    u.tensors.add(a.arg)
            if args.vararg:
                u.params.append(args.vararg.arg)
                u.tensors.add(args.vararg.arg)
        # local imports and simple aliases
        for n in _walk_skip(node, self._is_nested_kernel):
            if isinstance(n, (ast.Import, ast.ImportFrom)):
                self._record_import(n, u.env)
        for _ in range(2):  # two passes let aliases of aliases settle
            for n in _walk_skip(node, self._is_nested_kernel):
                if isinstance(n, ast.Assign) and len(n.targets) == 1 and isinstance(n.targets[0], ast.Name):
                    name = n.targets[0].id
                    if name in u.params:
                        u.env.pop(name, None)
                    if isinstance(n.value, _CONTAINERS):
                        u.values[name] = n.value
                    r = self.resolve(n.value, u)
                    if r and not r.startswith("<const:"):
                        u.env[name] = r
                    if self.is_tensor_expr(n.value, u):
                        u.tensors.add(name)
                elif isinstance(n, (ast.For, ast.AsyncFor, ast.comprehension)):
                    it = n.iter
                    if isinstance(n.target, ast.Name) and self.is_tensor_expr(it, u):
                        u.tensors.add(n.target.id)
                    if isinstance(n.target, ast.Name):  # a loop over [torch.cuda, ...]: a library object
                        r = self._resolve_element(_any_element_of(it, it), u, 0)
                        if r:
                            u.env[n.target.id] = r
        return u

    def _is_nested_kernel(self, node: ast.AST) -> bool:
        return isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and any(
            self._is_kernel_decorator(d) for d in node.decorator_list
        )

    def _reach(self) -> None:
        seen: set[str] = set()
        todo: list[tuple[str, ast.AST, tuple[str, ...], str | None]] = []
        if "ModelNew" in self.classes:
            for root in ("forward", "__call__"):
                fdef = self.method("ModelNew", root)
                if fdef is not None:
                    owner = self.method_owner("ModelNew", root) or "ModelNew"
                    qn = f"{owner}.{root}"
                    self.forward_roots.append(qn)
                    todo.append((qn, fdef, (qn,), "ModelNew"))
        while todo:
            qn, node, path, cls = todo.pop(0)
            if qn in seen:
                continue
            seen.add(qn)
            unit = self._unit_for(qn, node, path, cls)
            self.units.append(unit)
            for target in self._references(unit):
                if target[0] not in seen:
                    todo.append(target)

    def _holds_code(self, value: ast.AST) -> bool:
        """A class/instance attribute value that is code run when the attribute is used: a lambda,
        staticmethod/partial(...) of something, or a container of such values or of library objects."""
        if isinstance(value, ast.Lambda):
            return True
        if isinstance(value, ast.Call):
            q = self.resolve_static(value.func) or ""
            return q in _WRAPPER_CALLS or q in _NAME_CALLERS
        if isinstance(value, _CONTAINERS):
            elts = [*value.keys, *value.values] if isinstance(value, ast.Dict) else value.elts
            return any(e is not None and (isinstance(e, (ast.Name, ast.Attribute)) or self._holds_code(e))
                       for e in elts)
        return False

    def _attr_code_target(self, n: ast.Attribute, unit: Unit) -> tuple[str, ast.AST, tuple[str, ...], str | None] | None:
        """self.impl / cls.impl / ModelNew.impl whose value is a lambda, staticmethod(...), partial(...)
        or a container of code: that value, as a unit of the forward path."""
        cls: str | None = None
        if isinstance(n.value, ast.Name) and n.value.id in ("self", "cls") and unit.cls:
            cls = unit.cls
        elif isinstance(n.value, ast.Name) and self.resolve(n.value, unit) == f"<class:{n.value.id}>":
            cls = n.value.id
        if cls is None or cls in self.reference_names or self.method_owner(cls, n.attr) is not None:
            return None
        found = self.attr_value(cls, n.attr)
        if found is None or not self._holds_code(found[1]):
            return None
        owner, v = found
        if isinstance(v, ast.Call) and (self.resolve_static(v.func) or "") in (
                "builtins.staticmethod", "builtins.classmethod") and v.args and isinstance(v.args[0], ast.Lambda):
            v = v.args[0]  # the lambda itself, so that its parameters are known
        qn = f"{owner}.{n.attr}"
        return (qn, v, (*unit.path, qn), owner)

    def _references(self, unit: Unit) -> Iterator[tuple[str, ast.AST, tuple[str, ...], str | None]]:
        for n in _walk_skip(unit.node, self._is_nested_kernel):
            if not isinstance(n, (ast.Name, ast.Attribute)) or not isinstance(n.ctx, ast.Load):
                continue
            if isinstance(n, ast.Attribute):
                target = self._attr_code_target(n, unit)
                if target is not None:
                    yield target
            sym = self.resolve(n, unit)
            if not sym:
                continue
            yield from self._targets_of(sym, unit.path)

    def _returns_tensors_only(self, name: str) -> bool:
        """Every `return` of module function `name` gives a tensor and it defines no code of its own
        (no nested def or lambda): its result, read in forward, is data, not code that runs there."""
        fdef = self.functions[name]
        if any(isinstance(n, (ast.Lambda, ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)) and n is not fdef
               for n in ast.walk(fdef)):
            return False
        returns = [n.value for n in ast.walk(fdef) if isinstance(n, ast.Return)]
        unit = self._unit_for(name, fdef, (name,), None)
        return bool(returns) and all(r is not None and self.is_tensor_expr(r, unit) for r in returns)

    def _targets_of(self, sym: str, path: tuple[str, ...]):
        m = re.match(r"^<(?:new:)?<?(def|class|meth|lambda|global|super):([\w.]+)>", sym)
        if not m:
            return
        kind, name = m.group(1), m.group(2)
        if kind == "def" and name in self.functions and name not in self.kernels:
            if sym.startswith("<new:") and self._returns_tensors_only(name):
                return  # a tensor made by calling `name` elsewhere (a buffer built in __init__): not forward code
            yield (name, self.functions[name], (*path, name), None)
        elif kind == "lambda" and name in self.module_values:
            yield (f"<module>.{name}", self.module_values[name], (*path, name), None)
        elif kind == "global" and name in self.module_values:
            yield (f"<module>.{name}", self.module_values[name], (*path, name), None)
        elif kind == "meth":
            cname, meth = name.split(".", 1)
            fdef = self.method(cname, meth)
            if fdef is not None:
                yield (f"{cname}.{meth}", fdef, (*path, f"{cname}.{meth}"), cname)
        elif kind == "class" and name in self.classes and name not in self.reference_names:
            for stmt in self.classes[name].body:
                if isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef)) and stmt.name not in _REACH_SKIP_METHODS:
                    qn = f"{name}.{stmt.name}"
                    yield (qn, stmt, (*path, qn), name)
        elif kind == "super":
            for b in self.classes.get(name, ast.ClassDef(name="", bases=[], keywords=[], body=[],
                                                          decorator_list=[])).bases:
                if isinstance(b, ast.Name) and b.id in self.classes and b.id not in self.reference_names:
                    yield from self._targets_of(f"<class:{b.id}>", path)

    # ---- expression typing ----------------------------------------------------------------------

    def is_tensor_expr(self, node: ast.AST | None, unit: Unit) -> bool:
        if node is None:
            return False
        if isinstance(node, ast.Name):
            return node.id in unit.tensors
        if isinstance(node, ast.Starred):
            return self.is_tensor_expr(node.value, unit)
        if isinstance(node, ast.Attribute):
            if node.attr in ("T", "mT", "H", "mH", "real", "imag", "data", "grad"):
                return self.is_tensor_expr(node.value, unit)
            sym = self.resolve(node, unit) or ""
            if sym.startswith("<new:torch.nn.Parameter>") or sym.startswith("<new:torch.") and not sym.startswith("<new:torch.nn."):
                return not any(sym.endswith(s) for s in (".shape", ".dtype", ".device"))
            if re.match(r"^<new:torch\.nn\.\w+>\.(weight|bias)$", sym):
                return True
            return False
        if isinstance(node, ast.Subscript):
            return self.is_tensor_expr(node.value, unit)
        if isinstance(node, ast.BinOp):
            return self.is_tensor_expr(node.left, unit) or self.is_tensor_expr(node.right, unit)
        if isinstance(node, ast.UnaryOp):
            return self.is_tensor_expr(node.operand, unit)
        if isinstance(node, ast.Call):
            f = node.func
            if isinstance(f, ast.Attribute) and self.is_tensor_expr(f.value, unit):
                return f.attr in TENSOR_COMPUTE_METHODS or f.attr in TENSOR_SAFE_METHODS and f.attr not in (
                    "size", "stride", "numel", "dim", "ndimension", "nelement", "element_size",
                    "is_contiguous", "data_ptr", "item", "tolist", "get_device", "storage_offset",
                    "is_floating_point", "is_complex", "numpy")
            q = self.resolve(f, unit) or ""
            if q.startswith("torch.") and not q.startswith(("torch.cuda.", "torch.utils.", "torch.backends.")):
                return q.split(".")[-1] not in ("numel", "is_tensor", "device", "dtype", "Size", "finfo", "iinfo")
        return False


@dataclass(frozen=True)
class Read:
    """A file read, directory listing or environment read outside the forward path."""

    unit: Unit
    node: ast.AST
    kind: Literal["load", "open", "list", "env"]
    op: str
    why: list[str] = field(default_factory=list)  # what in the path points at stored outputs
    env_name: str | None = None
