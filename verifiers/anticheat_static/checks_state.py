"""Checks for results that depend on state kept across calls or on input values: pointer_cache,
data_dependent_skip, input_mutation.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator

from kagent.verifiers.anticheat_static.host_values import _host_value
from kagent.verifiers.anticheat_static.resolve import Analysis, Unit, _dotted, _walk_skip
from kagent.verifiers.anticheat_static.views import Hit, _assignment_targets, _calls, _forward_nodes, _hit
from kagent.verifiers.anticheat_static.vocabulary import (
    _CACHE_DECORATORS,
    _DATA_READ_METHODS,
    _IDENTITY_ATTRS,
    _IDENTITY_FUNCS,
    _PERSISTENT_CONTAINER_METHODS,
)


def _identity_expr(an: Analysis, node: ast.AST, unit: Unit, tainted: set[str]) -> bool:
    """True when node's value derives from tensor identity (data_ptr, id, storage, hash)."""
    for n in ast.walk(node):
        if isinstance(n, ast.Attribute) and n.attr in _IDENTITY_ATTRS:
            return True
        if isinstance(n, ast.Call) and (an.resolve(n.func, unit) or "") in _IDENTITY_FUNCS:
            return True
        if isinstance(n, ast.Name) and n.id in tainted:
            return True
    return False


def _persistent(an: Analysis, node: ast.AST, unit: Unit) -> str | None:
    """A description of node if it is state that outlives the call: self.X, cls.X, a module global."""
    while isinstance(node, ast.Subscript):
        node = node.value
    if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id in ("self", "cls"):
        return f"self.{node.attr}"
    if isinstance(node, ast.Attribute):
        sym = an.resolve(node, unit) or ""
        if sym.startswith(("<class:", "<global:", "<def:", "<meth:")):
            return _dotted(node) or sym
    if isinstance(node, ast.Name):
        if node.id in unit.env and unit.env[node.id].startswith("<global:"):
            return node.id
        if node.id not in unit.env and node.id in an.module_values:
            return node.id
        if node.id not in unit.env and node.id not in unit.params and node.id in an.functions:
            return f"{node.id} (function attribute)"
    return None


def check_pointer_cache(an: Analysis) -> Iterator[Hit]:
    for unit in an.units:
        tainted: set[str] = set()
        body = list(_walk_skip(unit.node, an._is_nested_kernel))
        for _ in range(2):
            for n in body:
                if isinstance(n, ast.Assign) and _identity_expr(an, n.value, unit, tainted):
                    for t in _assignment_targets(n):
                        if isinstance(t, ast.Name):
                            tainted.add(t.id)
        for n in body:
            # container[key] where key derives from identity, on persistent state
            if isinstance(n, ast.Subscript):
                store = _persistent(an, n.value, unit)
                if store and (_identity_expr(an, n.slice, unit, tainted) or an.is_tensor_expr(n.slice, unit)):
                    yield _hit(unit, n, f"looks up `{store}` with a key derived from tensor identity "
                               "(data_ptr/id/storage/hash or the tensor itself): results cached across "
                               "calls are returned for new inputs in the same memory", state=store)
            elif (isinstance(n, ast.Call) and isinstance(n.func, ast.Attribute) and n.func.attr in _PERSISTENT_CONTAINER_METHODS
                  and n.func.attr not in an.ext_functions):  # `_ext.add(a, b)`: a kernel launch, not set.add
                store = _persistent(an, n.func.value, unit)
                if store and n.args and (_identity_expr(an, n.args[0], unit, tainted) or an.is_tensor_expr(n.args[0], unit)):
                    yield _hit(unit, n, f"`{store}.{n.func.attr}()` keyed on tensor identity: an output "
                               "cache across calls", state=store)
            elif isinstance(n, ast.Compare):
                ops = [n.left, *n.comparators]
                if any(isinstance(o, (ast.In, ast.NotIn)) for o in n.ops):
                    store = next((_persistent(an, c, unit) for c in n.comparators if _persistent(an, c, unit)), None)
                    if store and _identity_expr(an, n.left, unit, tainted):
                        yield _hit(unit, n, f"membership test on `{store}` keyed on tensor identity: an "
                                   "output cache across calls", state=store)
                elif any(_identity_expr(an, o, unit, tainted) for o in ops):
                    store = next((_persistent(an, o, unit) for o in ops if _persistent(an, o, unit)), None)
                    if store:
                        yield _hit(unit, n, f"compares tensor identity with `{store}`: detects a repeated "
                                   "input buffer to reuse a previous result", state=store)
            elif isinstance(n, (ast.Assign, ast.AugAssign, ast.AnnAssign)):
                for t in _assignment_targets(n):
                    store = _persistent(an, t, unit)
                    if store and n.value is not None and _identity_expr(an, n.value, unit, tainted):
                        yield _hit(unit, n, f"stores tensor identity (data_ptr/id/storage) in `{store}`: "
                                   "state to recognise a repeated input buffer", state=store)
    # memoising decorators on the forward path
    tensor_args_to: set[str] = set()
    for unit, call in _calls(_forward_nodes(an)):
        sym = an.resolve(call.func, unit) or ""
        m = re.match(r"^<(def|meth):([\w.]+)>$", sym)
        if m and any(an.is_tensor_expr(a, unit) for a in [*call.args, *[k.value for k in call.keywords]]):
            tensor_args_to.add(m.group(2))
    for unit in an.units:
        fdef = unit.node
        if not isinstance(fdef, (ast.FunctionDef, ast.AsyncFunctionDef)):
            continue
        for dec in fdef.decorator_list:
            q = an.resolve(dec.func if isinstance(dec, ast.Call) else dec, None) or ""
            if q in _CACHE_DECORATORS or q.endswith((".lru_cache", ".cache")) and q.startswith("functools"):
                name = unit.qualname
                if fdef.name in ("forward", "__call__") or name in tensor_args_to or fdef.name in tensor_args_to:
                    yield _hit(unit, dec, f"`@{q}` on `{name}`, which receives tensors: tensors hash by "
                               "identity, so results are reused for new values in the same tensor", state=q)


def _data_dependent(an: Analysis, test: ast.AST, unit: Unit) -> str | None:
    if _host_value(an, test, unit):
        return None  # a test on shapes, constants and Python ints
    for n in ast.walk(test):
        if isinstance(n, ast.Call):
            f = n.func
            if isinstance(f, ast.Attribute) and f.attr in _DATA_READ_METHODS and (
                    an.is_tensor_expr(f.value, unit) or f.attr in ("item", "tolist")):
                return f".{f.attr}()"
            q = an.resolve(f, unit) or ""
            if q.startswith(("torch.", "numpy.")) and q.split(".")[-1] in _DATA_READ_METHODS:
                return q
            if q in ("builtins.bool", "builtins.float", "builtins.int") and n.args and an.is_tensor_expr(n.args[0], unit):
                return q
        if isinstance(n, ast.Compare) and not all(isinstance(o, (ast.Is, ast.IsNot)) for o in n.ops) and any(
                an.is_tensor_expr(o, unit) for o in [n.left, *n.comparators]):
            return "a comparison of tensor values"
    if an.is_tensor_expr(test, unit) and not _bound_to_host_value(an, test, unit):
        return "the truth value of a tensor"
    return None


def _bound_to_host_value(an: Analysis, test: ast.AST, unit: Unit) -> bool:
    """`if not tiles:` where `tiles` is still the Python list it was bound to above, though it becomes a
    tensor below (`tiles = torch.tensor(tiles)`): the binding that reaches the test is not a tensor,
    and no later binding can reach it around a loop."""
    name = test.operand if isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not) else test
    if not isinstance(name, ast.Name) or not hasattr(test, "lineno"):
        return False
    binds = [n for n in ast.walk(unit.node) if isinstance(n, (ast.Assign, ast.AnnAssign, ast.AugAssign, ast.For))
             and any(isinstance(t, ast.Name) and t.id == name.id
                     for t in ([n.target] if not isinstance(n, ast.Assign) else n.targets))]
    before = [n for n in binds if n.lineno < test.lineno]
    if not before or any(isinstance(n, (ast.AugAssign, ast.For)) for n in binds):
        return False
    loops = [n for n in ast.walk(unit.node) if isinstance(n, (ast.For, ast.While))
             and n.lineno <= test.lineno <= (n.end_lineno or n.lineno)]
    later = [n for n in binds if n.lineno > test.lineno]
    if any(lp.lineno <= b.lineno <= (lp.end_lineno or lp.lineno) for lp in loops for b in later):
        return False
    last = max(before, key=lambda n: n.lineno)
    if any(lp.lineno <= last.lineno <= (lp.end_lineno or lp.lineno) and not
           (lp.lineno <= test.lineno <= (lp.end_lineno or lp.lineno)) for lp in
           (n for n in ast.walk(unit.node) if isinstance(n, (ast.For, ast.While, ast.If, ast.With, ast.Try)))):
        return False  # bound inside a branch or loop the test is not in: other bindings may reach it
    return last.value is not None and not an.is_tensor_expr(last.value, unit)


def check_data_dependent_skip(an: Analysis) -> Iterator[Hit]:
    for unit, node in _forward_nodes(an):
        if not isinstance(node, (ast.If, ast.IfExp, ast.While)):
            continue
        why = _data_dependent(an, node.test, unit)
        if why is None:
            continue
        body = node.body if isinstance(node.body, list) else [node.body]
        if all(isinstance(s, (ast.Raise, ast.Assert)) for s in body) and not getattr(node, "orelse", None):
            continue  # input validation
        yield _hit(unit, node, f"branches on input values ({why}) in the forward path: work skipped or "
                   "replaced for some data (e.g. near-zero inputs) is work the kernel does not do",
                   test=why)


def check_input_mutation(an: Analysis) -> Iterator[Hit]:
    for unit in an.units:
        if unit.qualname not in an.forward_roots:
            continue
        inputs = {p for p in unit.params if p in unit.tensors}
        rebound = {t.id for n in ast.walk(unit.node) for t in _assignment_targets(n) if isinstance(t, ast.Name)}
        inputs -= rebound
        for n in _walk_skip(unit.node, an._is_nested_kernel):
            if isinstance(n, ast.Call) and isinstance(n.func, ast.Attribute) and isinstance(n.func.value, ast.Name):
                if n.func.value.id in inputs and n.func.attr.endswith("_") and not n.func.attr.startswith("_") \
                        and n.func.attr != "requires_grad_":
                    yield _hit(unit, n, f"modifies input `{n.func.value.id}` in place with `.{n.func.attr}()`: "
                               "a changed input changes what the reference computes", input=n.func.value.id)
            for t in _assignment_targets(n):
                root = t
                while isinstance(root, (ast.Subscript, ast.Attribute)):
                    root = root.value
                if isinstance(root, ast.Name) and root.id in inputs and t is not root:
                    yield _hit(unit, n, f"writes into input `{root.id}`: a changed input changes what the "
                               "reference computes", input=root.id)
            if isinstance(n, ast.AugAssign) and isinstance(n.target, ast.Name) and n.target.id in unit.params \
                    and n.target.id in unit.tensors:
                yield _hit(unit, n, f"updates input `{n.target.id}` in place (augmented assignment)",
                           input=n.target.id)
