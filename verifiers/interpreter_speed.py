"""A cheaper `triton.language` patch for the Triton CPU interpreter, installed in kagent's workers.

The interpreter (TRITON_INTERPRET=1, triton 3.6/3.7) re-patches `triton.language` on every launch
AND on every call of a device function (`tl.max`, `tl.sum`, a user's `@triton.jit` helper): each
time, `_patch_builtin` lists every member of `tl`, `tl.tensor`, `tl.math` and `tl.core` with
`inspect.getmembers` (dir, getattr and a sort of ~300 names) to find the builtins. A reduction in a
loop pays that per iteration: a quarter of the interpreter's time on a blocked max over 8k rows.

Here the names of each package's builtins are listed once, and a package whose builtins are all
patched is not walked again until a launch's end restores them (a device call inside a launch finds
nothing left to patch, in Triton's loop as in this one). Every walk patches each builtin name whose
current member is still a builtin, in the same (sorted) order, exactly as Triton does. A device call
whose `triton.language` modules the running launch has patched already skips `_patch_lang` as a whole
(Triton would set the same tensor methods, `range` and reductions again, and never restore them), and
the interpreter's dtype table is built once instead of per operation. What a kernel computes does not
change: only the listing, the empty walks and the repeated sets are skipped.

Every operation also builds its result's block type and tensor from scratch (`_reuse_types`): what
depends on the shape alone is computed once per shape.
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
    patch_lang = getattr(ti, "_patch_lang", None)
    langs_of: dict[Any, frozenset[int]] = {}  # a jit function -> ids of the language modules in its globals
    done: set[int] = set()  # language modules `_patch_lang` has patched since the last restore

    def _patch_lang(fn):
        langs = langs_of.get(fn)
        if langs is None:
            langs = langs_of[fn] = frozenset(id(v) for v in fn.__globals__.values()
                                             if inspect.ismodule(v) and (v is tl or v is tl.core))
        if langs and langs <= done:  # a device call inside a launch: everything it would set is set
            return scope_cls()
        scope = patch_lang(fn)
        done.update(langs)
        return scope

    def _restore(self) -> None:  # the end of a launch puts builtins back: every package is listed again
        patched.clear()
        done.clear()
        restore(self)

    ti._patch_builtin = _patch_builtin
    scope_cls.restore = _restore
    if callable(patch_lang):
        ti._patch_lang = _patch_lang
    np_dtype = getattr(ti, "_get_np_dtype", None)
    if callable(np_dtype):
        ti._get_np_dtype = _cached(np_dtype, tl)
    _reuse_types(tl.core)
    _installed = True
    return True


def _cached(np_dtype, tl):
    """`_get_np_dtype` builds a dict of 18 dtypes on every call (once per operation and program). A
    block's dtype is its element's (pointers: uint64), as in Triton; block and pointer types are not
    hashable, their scalar element types are."""
    table: dict[Any, Any] = {}

    def _get_np_dtype(tt_dtype):
        element = tt_dtype.element_ty if isinstance(tt_dtype, tl.block_type) else tt_dtype
        if isinstance(element, tl.pointer_type):
            return np_dtype(element)
        try:
            return table[element]
        except KeyError:
            result = table[element] = np_dtype(element)
            return result
        except TypeError:  # unhashable: as Triton does it
            return np_dtype(tt_dtype)

    return _get_np_dtype


def _reuse_types(core) -> None:
    """Every operation of every program builds its result's `block_type` and `tensor` again: the
    shape unwrapped, validated and printed, a `tl.tuple` of constexprs with its tuple type (a third
    of the interpreter's time on a row-wise kernel). What depends on the shape alone (and, for a
    block's name, on its element type's name) is computed once per shape and reused; each object
    still gets its own element type, handle and shape tuple, as Triton builds them. A shape that is
    not plain ints takes Triton's own path."""
    block_type, tensor, tl_tuple = core.block_type, core.tensor, core.tuple
    block_init, tensor_init = block_type.__init__, tensor.__init__
    if getattr(block_init, "__kagent_reused__", False):
        return
    blocks: dict[tuple, tuple] = {}
    shapes: dict[tuple, tuple] = {}

    def dims_of(shape) -> tuple | None:
        """The shape as a tuple of plain ints (a list or a `tl.tuple` of them, as Triton accepts), else None."""
        kind = type(shape)
        values = shape.values if kind is tl_tuple else shape if kind is list else None
        if values is None or not all(type(d) is int for d in values):
            return None
        return tuple(values)

    def reused_block_init(self, element_ty, shape):
        elt, dims = getattr(element_ty, "name", None), dims_of(shape)
        if type(elt) is not str or dims is None:
            return block_init(self, element_ty, shape)
        known = blocks.get((elt, dims))
        if known is None:
            block_init(self, element_ty, shape)  # validates: an invalid shape raises and is not kept
            blocks[(elt, dims)] = (self.shape.type, self.numel, self.name)
            return
        shape_type, self.numel, self.name = known
        self.element_ty = element_ty
        self.shape = tl_tuple(list(dims), shape_type)

    def reused_tensor_init(self, handle, type):
        dims = dims_of(type.shape) if type.is_block() else ()
        known = shapes.get(dims) if dims is not None else None
        if known is None:
            tensor_init(self, handle, type)
            if dims is not None:
                shapes[dims] = (self.numel, self.shape.values, self.shape.type)
            return
        self.numel, values, shape_type = known
        self.handle = handle
        self.type = type
        self.dtype = type.scalar
        self.shape = tl_tuple(values, shape_type)  # its own list of the (immutable) constexprs

    reused_block_init.__kagent_reused__ = True  # type: ignore[attr-defined]
    block_type.__init__ = reused_block_init
    tensor.__init__ = reused_tensor_init
