"""Checks that the candidate's own kernels compute the result: torch_compute, tensor_arith,
reference_call, inherits_reference, fallback, torch_compile.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator

from kagent.verifiers.anticheat_static.host_values import _host_value
from kagent.verifiers.anticheat_static.resolve import Analysis, Unit, _const_str, _dotted
from kagent.verifiers.anticheat_static.views import (
    Hit,
    _calls,
    _forward_nodes,
    _hit,
    _module_nodes,
    _outermost_refs,
)
from kagent.verifiers.anticheat_static.vocabulary import (
    _C_COMPUTE_RE,
    _EXTENSION_LOADERS,
    _NAME_CALLERS,
    _OPERATOR_COMPUTE,
    _SAFE_ROOTS_FOR_METHODS,
    _TORCH_COMPUTE_NAMESPACES,
    C_LIBRARY_HINTS,
    COMPUTE_NAMES,
    TENSOR_COMPUTE_METHODS,
    _instance_of_nn_module,
    _is_tensor_library_path,
    classify_torch_path,
)


def check_torch_compute(an: Analysis) -> Iterator[Hit]:
    fwd = list(_forward_nodes(an))
    call_funcs = {id(c.func) for _, c in _calls(fwd)}
    for unit, call in _calls(fwd):
        f = call.func
        if _host_value(an, call, unit):
            continue  # torch on shapes, constants and Python ints: host-side shape arithmetic
        sym = an.resolve(f, unit)
        if sym is None and isinstance(f, ast.Attribute):
            base = an.resolve(f.value, unit)
            if (f.attr in TENSOR_COMPUTE_METHODS and f.attr not in an.ext_functions
                    and not _is_extension_or_local(base)):
                if _host_count(an, call, unit):
                    yield _hit(unit, call, _COUNT_MESSAGE, op=f.attr, severity="warning")
                elif f.attr in _EPILOGUE_METHODS and _made_in_forward(f.value, unit):
                    yield _hit(unit, call, f"calls tensor method `.{f.attr}()` in the forward path on a tensor made "
                               f"there: {_EPILOGUE_MESSAGE}", op=f.attr, severity="warning")
                else:
                    yield _hit(unit, call, f"calls tensor method `.{f.attr}()` in the forward path: the "
                               "result is computed by PyTorch, not by the candidate's kernel", op=f.attr)
            continue
        if sym is None:
            continue
        nn_cls = _instance_of_nn_module(sym)
        if nn_cls:
            yield _hit(unit, call, f"calls a `{nn_cls}` module in the forward path: PyTorch/cuDNN/cuBLAS "
                       "computes the result", op=nn_cls)
            continue
        inst = re.match(r"^<new:([\w.]+)>\.(\w+)$", sym)
        if (inst and _is_tensor_library_path(inst.group(1)) and inst.group(2) in TENSOR_COMPUTE_METHODS
                and inst.group(1) not in _EXTENSION_LOADERS and inst.group(2) not in an.ext_functions):
            if (inst.group(2) in _EPILOGUE_METHODS and isinstance(f, ast.Attribute)
                    and _made_in_forward(f.value, unit)):
                yield _hit(unit, call, f"calls tensor method `.{inst.group(2)}()` in the forward path on a tensor "
                           f"made there: {_EPILOGUE_MESSAGE}", op=inst.group(2), severity="warning")
                continue
            yield _hit(unit, call, f"calls tensor method `.{inst.group(2)}()` in the forward path: the "
                       "result is computed by PyTorch", op=inst.group(2))
            continue
        if sym.startswith("<"):
            continue
        if _is_operator_compute(sym):
            # operator.add(a, b) is `a + b` spelled as a library call; on shapes/ints it is shape arithmetic
            if "matmul" in sym or any(_tensorish(an, a, unit) for a in [*call.args, *[k.value for k in call.keywords]]):
                yield _hit(unit, call, f"calls `{sym}` on tensors in the forward path: PyTorch computes the "
                           "result (the same as torch's own op), not the candidate's kernel", op=sym)
            continue
        if sym in _NAME_CALLERS and call.args and (_const_str(call.args[0]) or "").split(".")[0] in TENSOR_COMPUTE_METHODS:
            yield _hit(unit, call, f"`{sym}({_const_str(call.args[0])!r})` in the forward path calls a tensor "
                       "method by name: PyTorch computes the result", op=_const_str(call.args[0]))
            continue
        if classify_torch_path(sym) == "compute":
            if sym in _COUNT_FUNCS and _host_count(an, call, unit, function=True):
                yield _hit(unit, call, _COUNT_MESSAGE, op=sym, severity="warning")
                continue
            if sym in _EPILOGUE_FUNCS and call.args and _made_in_forward(call.args[0], unit):
                yield _hit(unit, call, f"calls `{sym}` in the forward path on a tensor made there: {_EPILOGUE_MESSAGE}",
                           op=sym, severity="warning")
                continue
            yield _hit(unit, call, f"calls `{sym}` in the forward path: a library op computes the "
                       "result instead of the candidate's kernel", op=sym)
    # non-call references (torch.matmul passed as a value, functools.partial(F.gelu), ...)
    for unit, node, sym in _outermost_refs(an, fwd):
        if id(node) in call_funcs or sym.startswith("<"):
            continue
        if _is_operator_compute(sym) and "matmul" not in sym:
            # functools.reduce(operator.add, [a, b]), map(operator.mul, xs, ys), partial(operator.add, a)
            parent = an.parents.get(id(node))
            if isinstance(parent, ast.Call) and any(
                    _tensorish(an, a, unit) for a in [*parent.args, *[k.value for k in parent.keywords]] if a is not node):
                yield _hit(unit, node, f"passes `{sym}` over tensors in the forward path: PyTorch computes "
                           "the result, not the candidate's kernel", op=sym)
            continue
        last = sym.split(".")[-1]
        if classify_torch_path(sym) == "compute" and (last in COMPUTE_NAMES or sym.startswith(_TORCH_COMPUTE_NAMESPACES)):
            yield _hit(unit, node, f"references `{sym}` in the forward path: a library op used as a value "
                       "computes the result", op=sym)
    # the @ operator
    for unit, node in fwd:
        if isinstance(node, (ast.BinOp, ast.AugAssign)) and isinstance(node.op, ast.MatMult):
            yield _hit(unit, node, "uses the `@` operator in the forward path: matmul by PyTorch/cuBLAS", op="@")
    # ATen / cuBLAS calls inside C++/CUDA sources handed to load_inline
    for unit, node in _module_nodes(an):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and "(" in node.value and any(
                h in node.value for h in C_LIBRARY_HINTS):
            for m in _C_COMPUTE_RE.finditer(node.value):
                name = m.group(1) or m.group(2) or m.group(3)
                if m.group(2) or (name in COMPUTE_NAMES and (m.group(1) or _looks_like_tensor_method_call(node.value, m))):
                    line = node.value.count("\n", 0, m.start())
                    yield _hit(unit, node, f"C++/CUDA source calls `{m.group(0).strip()}` (line {line + 1} of the "
                               "string): ATen/cuBLAS computes the result, not the custom kernel", op=name)


# Index bookkeeping: `n_valid = int((targets != ignore_index).sum())` counts the labels a loss is
# averaged over (Liger's cross-entropy does this). A count of elements matching host values carries no
# float result; whether it read float data (a count of positives is part of a result), whether the
# problem's result is itself such a count, and (kept as a tensor) whether it enters the result other
# than as the scale of a torch epilogue, only the run can tell: the operator provenance trap judges it
# (traps.OpRecord.index_ops, verifiers/epilogue.py), so here it is a warning.
_COUNT_METHODS = frozenset({"sum", "count_nonzero"})
_COUNT_FUNCS = frozenset({"torch.sum", "torch.count_nonzero"})
_COUNT_MESSAGE = ("counts the elements that match a host value (index bookkeeping, e.g. the non-ignored labels a "
                  "loss is averaged over): allowed when it reads only integer data and, kept as a tensor, enters the "
                  "result only as the one-number scale of a torch epilogue, which the operator provenance trap checks "
                  "at run time")


# A torch epilogue: a kernel writes one value per row and torch averages them (`losses.sum() / n`,
# `rows.mean()`). Allowed when the reduction reads only the candidate's own kernel output and that
# output holds at most 1/8 of the inputs (verifiers/epilogue.py): only the run can tell, so over a
# tensor made in the forward this is a warning and the operator provenance trap decides; over a
# parameter of the function (an input) or an attribute of the model (a weight) it stays an error.
_EPILOGUE_METHODS = frozenset({"sum", "mean"})
_EPILOGUE_FUNCS = frozenset({"torch.sum", "torch.mean"})
_EPILOGUE_MESSAGE = ("a torch epilogue (sum/mean and scaling) is allowed only over the candidate's own kernel output "
                     "holding at most 1/8 of the inputs' elements, which the operator provenance trap checks at run time")
_PASS_THROUGH = frozenset({"contiguous", "view", "reshape", "flatten", "float", "double", "half", "to", "type_as",
                           "detach", "clone", "squeeze", "unsqueeze", "view_as", "reshape_as", "t", "transpose",
                           "permute", "expand", "expand_as", "narrow", "select", "cpu", "cuda"})


def _made_in_forward(node: ast.AST, unit: Unit) -> bool:
    """A tensor bound to a local name of the function (not one of its parameters, not an attribute of
    the model), seen through views, casts and subscripts."""
    while True:
        if isinstance(node, ast.Subscript):
            node = node.value
        elif (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
              and node.func.attr in _PASS_THROUGH):
            node = node.func.value
        else:
            break
    return isinstance(node, ast.Name) and node.id not in unit.params and node.id not in ("self", "cls")


def _host_count(an: Analysis, call: ast.Call, unit: Unit, function: bool = False) -> bool:
    """`int((t != c).sum())`, `(t >= 0).sum().item()`, `int(torch.count_nonzero(t == c))`: a reduction
    of one comparison of a tensor with host values, taken out as a Python int."""
    f = call.func
    if function:
        if len(call.args) != 1 or call.keywords:
            return False
        operand = call.args[0]
    elif isinstance(f, ast.Attribute) and f.attr in _COUNT_METHODS and not call.args and not call.keywords:
        operand = f.value
    else:
        return False
    if not (isinstance(operand, ast.Compare) and len(operand.ops) == 1):
        return False
    sides = [operand.left, *operand.comparators]
    if sum(an.is_tensor_expr(x, unit) for x in sides) != 1 or any(
            isinstance(x, (ast.Call, ast.BinOp)) for x in sides):
        return False  # one plain tensor against a host value; no arithmetic inside the count
    # taken out as a Python int, or kept as a tensor (`losses.sum() / n_valid`): either way the provenance
    # trap decides (integer work on integer data, when every output is floating; as a tensor it may enter
    # the result only as the one-number scale of a torch epilogue, verifiers/epilogue.py)
    return True


def _is_operator_compute(sym: str) -> bool:
    return sym.startswith(("operator.", "_operator.")) and sym.count(".") == 1 and sym.split(".")[1] in _OPERATOR_COMPUTE


_SHAPE_WORDS = re.compile(r"shape|size|dim|stride|numel|block|grid", re.IGNORECASE)


def _tensorish(an: Analysis, node: ast.AST, unit: Unit) -> bool:
    """A tensor expression, or a literal list/tuple holding one (names that read like shapes excepted)."""
    if isinstance(node, ast.Name) and _SHAPE_WORDS.search(node.id):
        return False
    if isinstance(node, (ast.List, ast.Tuple, ast.Set)):
        return any(_tensorish(an, e, unit) for e in node.elts)
    return an.is_tensor_expr(node, unit)


def _looks_like_tensor_method_call(text: str, m: re.Match[str]) -> bool:
    # `a.matmul(b)` in C++: a member call named like an ATen op on an identifier.
    before = text[max(0, m.start() - 40):m.start()]
    return bool(re.search(r"[A-Za-z_]\w*\s*$", before))


def _is_extension_or_local(sym: str | None) -> bool:
    if not sym:
        return False
    if any(sym.startswith(f"<new:{l}>") or sym == l for l in _EXTENSION_LOADERS):
        return True
    if sym.startswith(("<def:", "<class:", "<meth:", "<kernel:", "<new:<class:", "<new:builtins.",
                       "<const:", "<new:<def:")):
        return True
    root = sym.split(".")[0].lstrip("<").replace("new:", "")
    return root in _SAFE_ROOTS_FOR_METHODS


def check_tensor_arith(an: Analysis) -> Iterator[Hit]:
    for unit, node in _forward_nodes(an):
        if isinstance(node, (ast.BinOp, ast.AugAssign)) and _host_value(
                an, node if isinstance(node, ast.BinOp) else node.target, unit):
            continue  # arithmetic on shapes, constants and Python ints
        if isinstance(node, ast.BinOp) and not isinstance(node.op, ast.MatMult):
            if an.is_tensor_expr(node.left, unit) or an.is_tensor_expr(node.right, unit):
                parent = an.parents.get(id(node))
                if isinstance(parent, ast.BinOp) and (an.is_tensor_expr(parent.left, unit) or an.is_tensor_expr(parent.right, unit)):
                    continue  # report the outermost expression once
                yield _hit(unit, node, "tensor arithmetic in the forward path: PyTorch computes (part of) "
                           "the result", op=type(node.op).__name__)
        elif isinstance(node, ast.AugAssign) and not isinstance(node.op, ast.MatMult):
            if an.is_tensor_expr(node.target, unit) or an.is_tensor_expr(node.value, unit):
                yield _hit(unit, node, "in-place tensor arithmetic in the forward path: PyTorch computes "
                           "(part of) the result", op=type(node.op).__name__)
        elif isinstance(node, ast.UnaryOp) and isinstance(node.op, (ast.USub, ast.Invert)):
            if an.is_tensor_expr(node.operand, unit):
                yield _hit(unit, node, "tensor negation in the forward path", op=type(node.op).__name__)


def _reference_sym(an: Analysis, sym: str) -> str | None:
    for r in an.reference_names:
        if sym in (f"<class:{r}>", f"<def:{r}>") or sym.startswith((f"<class:{r}>.", f"<new:<class:{r}>>")):
            return r
        if not sym.startswith("<") and (sym == r or sym.endswith("." + r)):
            return r
    return None


def check_reference_call(an: Analysis) -> Iterator[Hit]:
    seen: set[int] = set()
    nodes = [*_forward_nodes(an), *_module_nodes(an)]
    for unit, node, sym in _outermost_refs(an, nodes):
        if id(node) in seen:
            continue
        seen.add(id(node))
        parent = an.parents.get(id(node))
        if isinstance(parent, ast.ClassDef) and node in parent.bases:
            continue  # inheritance is its own check
        ref = _reference_sym(an, sym)
        if ref is None:
            continue
        if isinstance(node, ast.Name) and node.id == ref and _is_isinstance_arg(an, node):
            continue
        yield _hit(unit, node, f"uses the reference `{ref}`: the candidate must compute the result "
                   "itself, not run the reference", ref=ref)


def _is_isinstance_arg(an: Analysis, node: ast.AST) -> bool:
    p = an.parents.get(id(node))
    return isinstance(p, ast.Call) and isinstance(p.func, ast.Name) and p.func.id in ("isinstance", "issubclass")


def check_inherits_reference(an: Analysis) -> Iterator[Hit]:
    if "ModelNew" not in an.classes:
        return
    cdef = an.classes["ModelNew"]
    unit = Unit(qualname="ModelNew", node=cdef, path=("ModelNew",), cls="ModelNew")
    for b in an.class_bases("ModelNew"):
        ref = _reference_sym(an, b) or (b.split(".")[-1] if b.split(".")[-1] in an.reference_names else None)
        if ref:
            yield _hit(unit, cdef, f"class ModelNew inherits from the reference `{ref}`: its forward (or "
                       "any method not overridden) is the reference's own code", ref=ref)
            break
    for u, node in _forward_nodes(an):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
            base = an.resolve(node.func.value, u) or ""
            if base.startswith("<super:"):
                cls = base[len("<super:"):-1]
                if any((b.split(".")[-1] in an.reference_names) for b in an.class_bases(cls)):
                    yield _hit(u, node, f"calls super().{node.func.attr}() into the reference Model", ref="Model")


def check_fallback(an: Analysis) -> Iterator[Hit]:
    for unit, node in _forward_nodes(an):
        if not isinstance(node, ast.Try):
            continue
        for h in node.handlers:
            if any(isinstance(s, ast.Raise) for s in h.body):
                continue
            computes = any(
                isinstance(n, (ast.Return, ast.Assign, ast.AugAssign, ast.AnnAssign))
                or (isinstance(n, ast.Call) and not _is_logging_call(an, n, unit))
                for s in h.body for n in ast.walk(s)
            )
            if computes:
                yield _hit(unit, h, "try/except around the kernel path whose handler produces a result: a "
                           "failing kernel falls back to other code instead of failing",
                           handler=_dotted(h.type) if h.type is not None else "bare")


def _is_logging_call(an: Analysis, call: ast.Call, unit: Unit) -> bool:
    q = an.resolve(call.func, unit) or ""
    if q.startswith(("logging.", "warnings.", "builtins.print", "<new:logging.")):
        return True
    return isinstance(call.func, ast.Attribute) and call.func.attr in (
        "debug", "info", "warning", "warn", "error", "exception", "critical")


def check_torch_compile(an: Analysis) -> Iterator[Hit]:
    for unit, node, sym in _outermost_refs(an, [*_module_nodes(an), *_forward_nodes(an)]):
        if not sym.startswith("<") and classify_torch_path(sym) == "compile":
            yield _hit(unit, node, f"uses `{sym}`: a compiler generates the kernels, not the candidate "
                       "(and torch.compile/jit can call cuBLAS/cuDNN)", op=sym)
