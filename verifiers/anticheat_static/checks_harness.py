"""Checks for work that escapes or alters the harness: concurrency, streams, timer_patch,
precision_flags, tensor_subclass, obfuscation.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator

from kagent.verifiers.anticheat_static.resolve import Analysis, Unit, _const_str
from kagent.verifiers.anticheat_static.views import (
    Hit,
    _assignment_targets,
    _forward_nodes,
    _hit,
    _module_nodes,
    _outermost_refs,
)
from kagent.verifiers.anticheat_static.vocabulary import (
    _C_STREAM_RE,
    _C_THREAD_RE,
    _CONCURRENCY_EXACT,
    _CONCURRENCY_PREFIXES,
    _OBFUSCATION_CALLS,
    _PRECISION_ATTRS,
    _PRECISION_CALLS,
    _STREAM_PATHS,
    _TENSOR_SUBCLASS_BASES,
    _TENSOR_SUBCLASS_CALLS,
    _is_tensor_library_path,
    classify_torch_path,
)


def check_concurrency(an: Analysis) -> Iterator[Hit]:
    for unit, node, sym in _outermost_refs(an, [*_module_nodes(an), *_forward_nodes(an)]):
        if sym.startswith("<"):
            continue
        if sym.startswith(_CONCURRENCY_PREFIXES) or sym in _CONCURRENCY_EXACT:
            yield _hit(unit, node, f"uses `{sym}`: work done by another thread or process escapes timing "
                       "and the launch accounting", op=sym)
    for unit, node in _module_nodes(an):
        if isinstance(node, ast.Attribute) and node.attr in ("run_in_executor", "start_new_thread"):
            yield _hit(unit, node, f"uses `.{node.attr}`: work off the calling thread", op=node.attr)
    # threads started by C++/CUDA host code handed to load_inline / cpp_extension
    for unit, node, text in _c_source_strings(an):
        m = _C_THREAD_RE.search(text)
        if m:
            line = text.count("\n", 0, m.start())
            yield _hit(unit, node, f"C++/CUDA source uses `{m.group(1)}` (line {line + 1} of the string): a "
                       "thread of the extension works outside the measured call", op=m.group(1))


_C_COMMENT_RE = re.compile(r"//[^\n]*|/\*.*?\*/", re.DOTALL)


def _c_source_strings(an: Analysis) -> Iterator[tuple[Unit, ast.Constant, str]]:
    """String constants of the module that are not docstrings, with C/C++ comments blanked out
    (newlines kept, so line numbers inside the string stay right)."""
    for unit, node in _module_nodes(an):
        if not (isinstance(node, ast.Constant) and isinstance(node.value, str)) or isinstance(an.parents.get(id(node)), ast.Expr):
            continue
        yield unit, node, _C_COMMENT_RE.sub(lambda m: "\n" * m.group(0).count("\n"), node.value)


def check_streams(an: Analysis) -> Iterator[Hit]:
    for unit, node, sym in _outermost_refs(an, [*_module_nodes(an), *_forward_nodes(an)]):
        if not sym.startswith("<") and classify_torch_path(sym) == "stream" or sym in _STREAM_PATHS:
            yield _hit(unit, node, f"uses `{sym}`: work on a non-default stream can finish after the "
                       "timer stops (and race with the caller)", op=sym)
    for unit, node in _module_nodes(an):
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            m = _C_STREAM_RE.search(node.value)
            if m:
                yield _hit(unit, node, f"C++/CUDA source uses `{m.group(1)}`: kernels launched on a created "
                           "stream escape the caller's stream and its timing", op=m.group(1))


def _library_object(an: Analysis, node: ast.AST, unit: Unit) -> str | None:
    """The dotted import path of an object that is (part of) an imported library, or None."""
    sym = an.resolve(node, unit)
    if not sym or sym.startswith("<"):
        return None
    return sym


def check_timer_patch(an: Analysis) -> Iterator[Hit]:
    for unit, node in _module_nodes(an):
        for t in _assignment_targets(node):
            if isinstance(t, ast.Attribute):
                base = _library_object(an, t.value, unit)
                if base and not _is_settings_path(f"{base}.{t.attr}"):
                    yield _hit(unit, node, f"assigns `{base}.{t.attr}`: replacing a library function "
                               "(timers, synchronize, the oracle's comparisons) fools the harness",
                               target=f"{base}.{t.attr}")
            elif isinstance(t, ast.Subscript):
                base = _library_object(an, t.value, unit)
                if base and (base.endswith("__dict__") or base in ("sys.modules", "builtins.__dict__")):
                    yield _hit(unit, node, f"writes into `{base}[...]`: replaces library objects",
                               target=base)
        if isinstance(node, ast.Call):
            q = an.resolve(node.func, unit) or ""
            if q in ("builtins.setattr", "builtins.delattr") and node.args:
                base = _library_object(an, node.args[0], unit)
                attr = _const_str(node.args[1]) if len(node.args) > 1 else None
                if base and not _is_settings_path(f"{base}.{attr}"):
                    yield _hit(unit, node, f"{q.split('.')[-1]}() on `{base}`: replacing a library function "
                               "fools the harness", target=f"{base}.{attr or '?'}")
            elif isinstance(node.func, ast.Attribute) and node.func.attr in ("update", "__setitem__", "setdefault"):
                base = _library_object(an, node.func.value, unit) or ""
                if base.endswith(".__dict__") or base in ("sys.modules",):
                    yield _hit(unit, node, f"updates `{base}`: replaces library objects", target=base)
            elif q.startswith(("unittest.mock.patch", "mock.patch")):
                yield _hit(unit, node, f"uses `{q}` to replace library objects", target=q)


def _is_settings_path(path: str) -> bool:
    # precision flags have their own check; env writes and knobs of the compiler are configuration
    return path.startswith(("torch.backends.", "os.environ", "torch._dynamo.config", "triton.knobs",
                            "torch._inductor.config"))


def check_precision_flags(an: Analysis) -> Iterator[Hit]:
    for unit, node in _module_nodes(an):
        for t in _assignment_targets(node):
            if isinstance(t, ast.Attribute) and t.attr in _PRECISION_ATTRS:
                base = _library_object(an, t.value, unit)
                if base and base.startswith("torch."):
                    yield _hit(unit, node, f"sets `{base}.{t.attr}`: a global precision flag changes the "
                               "reference's numerics too and hides a precision drop", target=f"{base}.{t.attr}")
        if isinstance(node, ast.Call):
            q = an.resolve(node.func, unit) or ""
            if q in _PRECISION_CALLS:
                yield _hit(unit, node, f"calls `{q}`: a global precision setting changes the reference's "
                           "numerics too", target=q)


def check_tensor_subclass(an: Analysis) -> Iterator[Hit]:
    for unit, node in _module_nodes(an):
        if isinstance(node, ast.ClassDef):
            for b in node.bases:
                q = an.resolve(b, unit) or ""
                if q in _TENSOR_SUBCLASS_BASES:
                    yield _hit(unit, node, f"class {node.name} subclasses `{q}`: a tensor subclass or mode "
                               "can defer or fake the computation until it is inspected", base=q)
            for stmt in node.body:
                if isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef)) and stmt.name in (
                        "__torch_function__", "__torch_dispatch__"):
                    yield _hit(unit, stmt, f"defines {stmt.name}: intercepts torch operations on the outputs",
                               base=stmt.name)
    for unit, node, sym in _outermost_refs(an, [*_module_nodes(an), *_forward_nodes(an)]):
        if not sym.startswith("<") and sym.startswith(_TENSOR_SUBCLASS_CALLS):
            yield _hit(unit, node, f"uses `{sym}`: builds tensor subclasses or torch modes", base=sym)


def check_obfuscation(an: Analysis) -> Iterator[Hit]:
    fwd_ids = {id(n) for _, n in _forward_nodes(an)}
    for unit, node in [*_module_nodes(an), *_forward_nodes(an)]:
        if isinstance(node, ast.Call):
            q = an.resolve(node.func, unit) or ""
            if q in _OBFUSCATION_CALLS:
                if q in ("builtins.__import__", "importlib.import_module") and node.args and _const_str(node.args[0]):
                    continue  # a constant import resolves like `import x`
                yield _hit(unit, node, f"calls `{q.replace('builtins.', '')}`: code built at run time hides what "
                           "it calls from every static check", op=q)
            elif q in ("builtins.getattr", "builtins.setattr", "builtins.hasattr") and len(node.args) >= 2 and _const_str(node.args[1]) is None:
                base = an.resolve(node.args[0], unit) or ""
                if base and not base.startswith("<") or base.startswith("<new:") and _is_tensor_library_path(base[5:]):
                    yield _hit(unit, node, f"{q.split('.')[-1]}() with a computed name on `{base}`: hides which "
                               "function is used", op=q)
            elif q in ("builtins.vars",) and node.args:
                base = an.resolve(node.args[0], unit) or ""
                if base and not base.startswith("<"):
                    yield _hit(unit, node, f"vars() of `{base}`: dynamic access to a library namespace", op=q)
            elif q in ("builtins.globals", "builtins.locals") and id(node) in fwd_ids:
                yield _hit(unit, node, f"calls {q.split('.')[-1]}() in the forward path: dynamic name lookup", op=q)
        elif isinstance(node, ast.Attribute) and node.attr == "__dict__":
            base = an.resolve(node.value, unit) or ""
            if base and not base.startswith("<"):
                yield _hit(unit, node, f"reads `{base}.__dict__`: dynamic access to a library namespace", op=base)
