"""A cheaper `triton.language` patch for the Triton CPU interpreter, installed in kagent's workers.

The interpreter (TRITON_INTERPRET=1, triton 3.6/3.7) re-patches `triton.language` on every launch
AND on every call of a device function (`tl.max`, `tl.sum`, a user's `@triton.jit` helper): each
time, `_patch_builtin` lists every member of `tl`, `tl.tensor`, `tl.math` and `tl.core` with
`inspect.getmembers` (dir, getattr and a sort of ~300 names) to find the builtins. A reduction in a
loop pays that per iteration: a quarter of the interpreter's time on a blocked max over 8k rows.

Here the names of each package's builtins are listed once; every call still patches each of those
names whose current member is a builtin, in the same (sorted) order, exactly as Triton does. What a
kernel computes does not change: only the listing is cached.
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
    is_builtin = tl.core.is_builtin
    names: dict[int, tuple[Any, list[str]]] = {}

    def _patch_builtin(pkg, builder, scope) -> None:
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

    ti._patch_builtin = _patch_builtin
    _installed = True
    return True
