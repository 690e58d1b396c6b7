"""A cheaper `triton.language` patch for the Triton CPU interpreter, installed in kagent's workers.

The interpreter (TRITON_INTERPRET=1, triton 3.6/3.7) re-patches `triton.language` on every launch
AND on every call of a device function (`tl.max`, `tl.sum`, a user's `@triton.jit` helper): each
time, `_patch_builtin` lists every member of `tl`, `tl.tensor`, `tl.math` and `tl.core` with
`inspect.getmembers` (dir, getattr and a sort of ~300 names) to find the builtins. A reduction in a
loop pays that per iteration: a quarter of the interpreter's time on a blocked max over 8k rows.

Here the names of each package's builtins are listed once, and a package whose builtins are all
patched is not walked again until a launch's end restores them (a device call inside a launch finds
nothing left to patch, in Triton's loop as in this one). Every walk patches each builtin name whose
current member is still a builtin, in the same (sorted) order, exactly as Triton does. What a kernel
computes does not change: only the listing and the empty walks are skipped.
"""

from __future__ import annotations

import inspect
from typing import Any

_installed = False


def install() -> bool:
    """Replace the interpreter's `_patch_builtin` (idempotent). False when the interpreter is not the
    one this module knows (then it is left alone)."""
    global _installed
    if _installed:
        return True
    try:
        import triton.language as tl
        from triton.runtime import interpreter as ti
    except ImportError:
        return False
    original, patch_attr = getattr(ti, "_patch_builtin", None), getattr(ti, "_patch_attr", None)
    if not callable(original) or not callable(patch_attr) or not callable(getattr(tl.core, "is_builtin", None)):
        return False
    scope_cls = getattr(ti, "_LangPatchScope", None)
    if scope_cls is None or not callable(getattr(scope_cls, "restore", None)):
        return False
    is_builtin = tl.core.is_builtin
    names: dict[int, tuple[Any, list[str]]] = {}
    patched: set[int] = set()  # packages none of whose builtins is left unpatched (until the next restore)

    def _patch_builtin(pkg, builder, scope) -> None:
        if id(pkg) in patched:  # a device call inside a launch: Triton's loop would find nothing to patch
            return
        known = names.get(id(pkg))
        if known is None or known[0] is not pkg:
            # listed from the pristine package: the first patch happens inside the first launch,
            # before which nothing has replaced a builtin
            known = (pkg, [name for name, member in inspect.getmembers(pkg) if is_builtin(member)])
            names[id(pkg)] = known
        for name in known[1]:
            member = getattr(pkg, name, None)
            if is_builtin(member):
                patch_attr(pkg, name, member, builder, scope)
        patched.add(id(pkg))

    restore = scope_cls.restore

    def _restore(self) -> None:  # the end of a launch puts builtins back: every package is listed again
        patched.clear()
        restore(self)

    ti._patch_builtin = _patch_builtin
    scope_cls.restore = _restore
    _installed = True
    return True
