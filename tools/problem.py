"""Load KernelBench-format problems and candidates.

Two halves: `inspect_sources` reads the files WITHOUT executing them (AST only) and rejects bad
input with one clear line; `exec_module` executes a file (inside a worker process) with its
module-level shape constants optionally overridden.
"""

from __future__ import annotations

import ast
import functools
import types
from dataclasses import dataclass, field, replace
from pathlib import Path

from kagent.errors import InputError
from kagent.memo import ContentMemo, text_digest

# Module-level int constants whose name says they set a size are boundary-shape candidates.
# Names that set semantics rather than size (a reduction axis, a kernel size, a stride) are not.
_NOT_SHAPES = ("kernel", "stride", "pad", "dilation", "group", "axis", "seed", "dim_idx", "reduce_dim",
               "num_heads", "heads", "n_head", "top_k", "topk", "k_top", "iters", "steps", "warps")
_COUNT_WORDS = {"iters", "steps"}
_MIN_SHAPE_VALUE = 4


@dataclass(frozen=True)
class ShapeConstant:
    name: str
    value: int
    line: int


@dataclass
class ProblemFiles:
    """What the verifier needs to know about a candidate and its reference, read statically."""

    candidate: Path
    reference: Path
    candidate_source: str
    reference_source: str
    single_file: bool
    shape_constants: list[ShapeConstant] = field(default_factory=list)
    needs_cuda: list[str] = field(default_factory=list)  # why the candidate cannot run without CUDA

    @property
    def reference_run_source(self) -> str:
        """What the reference worker runs: the reference file, or a single file's reference half."""
        return reference_part(self.reference_source) if self.single_file else self.reference_source

    @property
    def same_file(self) -> bool:
        return self.candidate == self.reference


def _read(path: Path, role: str) -> str:
    if not path.exists():
        raise InputError(f"{role} file not found: {path}")
    if not path.is_file():
        raise InputError(f"{role} path is not a file: {path}")
    try:
        return path.read_text()
    except UnicodeDecodeError as e:
        raise InputError(f"{role} file is not UTF-8 text: {path} ({e.reason})") from None


def parse(source: str, path: Path, role: str) -> ast.Module:
    try:
        return ast.parse(source, filename=str(path))
    except SyntaxError as e:
        raise InputError(f"syntax error in {role} {path}:{e.lineno}: {e.msg}") from None


def _classes(tree: ast.Module) -> dict[str, ast.ClassDef]:
    return {n.name: n for n in tree.body if isinstance(n, ast.ClassDef)}


def _functions(tree: ast.Module) -> dict[str, ast.FunctionDef]:
    return {n.name: n for n in tree.body if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))}


def _positional_arity(cls: ast.ClassDef, method: str) -> tuple[int, int] | None:
    """(required, total) positional parameters of a method, self excluded; None if variadic/absent."""
    for node in cls.body:
        if isinstance(node, ast.FunctionDef) and node.name == method:
            a = node.args
            if a.vararg is not None:
                return None
            params = [*a.posonlyargs, *a.args][1:]
            required = len(params) - len(a.defaults)
            return required, len(params)
    return None


def _check_signature(model: ast.ClassDef, new: ast.ClassDef, method: str) -> None:
    ref, cand = _positional_arity(model, method), _positional_arity(new, method)
    if ref is None or cand is None:
        return
    # The harness calls with the reference's positional arguments: the candidate must accept
    # exactly as many as the reference passes at most, and need no more than it passes at least.
    if cand[0] > ref[0] or cand[1] < ref[1]:
        raise InputError(
            f"signature mismatch: ModelNew.{method} takes {cand[0]}..{cand[1]} positional arguments, "
            f"Model.{method} takes {ref[0]}..{ref[1]}"
        )


_INT_OPS = {ast.Add: lambda a, b: a + b, ast.Sub: lambda a, b: a - b, ast.Mult: lambda a, b: a * b,
            ast.FloorDiv: lambda a, b: a // b, ast.Pow: lambda a, b: a ** b, ast.LShift: lambda a, b: a << b}


def _int_literal(node: ast.AST | None) -> int | None:
    """The value of an integer literal or of literal arithmetic on them (`1024 * 2`, `2 ** 12`)."""
    if isinstance(node, ast.Constant) and type(node.value) is int:
        return node.value
    if isinstance(node, ast.BinOp) and type(node.op) in _INT_OPS:
        a, b = _int_literal(node.left), _int_literal(node.right)
        if a is None or b is None or (isinstance(node.op, ast.Pow) and not 0 <= b <= 64) or \
                (isinstance(node.op, ast.LShift) and not 0 <= b <= 64) or (isinstance(node.op, ast.FloorDiv) and b == 0):
            return None
        return _INT_OPS[type(node.op)](a, b)
    return None


def _module_assignments(tree: ast.Module):
    """(statement, name, value node) of each module-level `name = ...` / `name: T = ...`."""
    for stmt in tree.body:
        if isinstance(stmt, ast.Assign) and len(stmt.targets) == 1 and isinstance(stmt.targets[0], ast.Name):
            yield stmt, stmt.targets[0].id, stmt.value
        elif isinstance(stmt, ast.AnnAssign) and isinstance(stmt.target, ast.Name) and stmt.value is not None:
            yield stmt, stmt.target.id, stmt.value


def _shape_slots(name: str, value: ast.AST) -> list[tuple[str, int, ast.AST]]:
    """The overridable sizes of one assignment: the value itself, or each element of a tuple/list
    of sizes (named `shape[0]`, `shape[1]`, ...)."""
    v = _int_literal(value)
    if v is not None:
        return [(name, v, value)]
    if isinstance(value, (ast.Tuple, ast.List)):
        out = []
        for i, elt in enumerate(value.elts):
            e = _int_literal(elt)
            if e is not None:
                out.append((f"{name}[{i}]", e, elt))
        return out
    return []


def _builder_reads(tree: ast.Module) -> set[str] | None:
    """The names get_inputs and get_init_inputs read, following the module's functions and constants
    they reach (None where the file has neither)."""
    funcs = {n.name: n for n in tree.body if isinstance(n, ast.FunctionDef)}
    roots: list[ast.AST] = [funcs[n] for n in ("get_inputs", "get_init_inputs") if n in funcs]
    return _reach(tree, roots) if roots else None


# torch calls whose positional arguments are sizes; a tuple literal passed to any call is one too
# (`torch.randint(0, 64, (rows, n))`)
_SIZE_CALLS = {"rand", "randn", "zeros", "ones", "empty", "arange", "randperm", "view", "reshape", "expand",
               "repeat", "new_zeros", "new_ones", "new_empty", "tile", "full"}


def _reach(tree: ast.Module, roots: list[ast.AST]) -> set[str]:
    """The names `roots` read, following the module's functions and constants they reach."""
    funcs = {n.name: n for n in tree.body if isinstance(n, ast.FunctionDef)}
    values = {name: value for _, name, value in _module_assignments(tree)}
    names: set[str] = set()
    todo = list(roots)
    while todo:
        for n in ast.walk(todo.pop()):
            if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Load) and n.id not in names:
                names.add(n.id)
                todo += [x for x in (funcs.get(n.id), values.get(n.id)) if x is not None]
    return names


def _init_reads(tree: ast.Module) -> set[str]:
    """The module names get_init_inputs reads (what it passes to the constructor)."""
    init = next((n for n in tree.body if isinstance(n, ast.FunctionDef) and n.name == "get_init_inputs"), None)
    return _reach(tree, [init]) if init is not None else set()


def _size_reads(tree: ast.Module) -> set[str]:
    """The module names that size what get_inputs builds (a factory's size, a shape tuple, through the
    builder's own locals) or that get_init_inputs passes to the constructor."""
    funcs = {n.name: n for n in tree.body if isinstance(n, ast.FunctionDef)}
    out = _init_reads(tree)
    for fn in _reach_functions(funcs, "get_inputs"):
        local: dict[str, set[str]] = {}  # a builder's local -> the names it is computed from
        for n in ast.walk(fn):
            if isinstance(n, ast.Assign):
                reads = {m.id for m in ast.walk(n.value) if isinstance(m, ast.Name)}
                for name in (x for t in n.targets for x in _assigned(t)):
                    local[name] = local.get(name, set()) | reads | {x for r in reads for x in local.get(r, ())}
        sizes: list[ast.AST] = []
        for n in ast.walk(fn):
            if not isinstance(n, ast.Call):
                continue
            f = n.func.attr if isinstance(n.func, ast.Attribute) else n.func.id if isinstance(n.func, ast.Name) else ""
            args = [*n.args, *(k.value for k in n.keywords if k.arg == "size")]
            sizes += [a for a in args if isinstance(a, ast.Tuple)]  # a list is often of tensors (`torch.cat([...])`)
            if f in _SIZE_CALLS:
                sizes += n.args[:1] if f == "full" else n.args
        for a in sizes:
            reads = {m.id for m in ast.walk(a) if isinstance(m, ast.Name)}
            out |= reads | {x for r in reads for x in local.get(r, ())}
    return out | _reach(tree, [ast.Name(id=x, ctx=ast.Load()) for x in out])


def _assigned(target: ast.AST) -> list[str]:
    """The names an assignment target binds or updates (`x`, `a, b`, the `x` of `x[i, j] = ...`)."""
    while isinstance(target, (ast.Subscript, ast.Attribute)):
        target = target.value
    if isinstance(target, ast.Name):
        return [target.id]
    if isinstance(target, (ast.Tuple, ast.List)):
        return [x for e in target.elts for x in _assigned(e)]
    return []


def _reach_functions(funcs: dict[str, ast.FunctionDef], root: str) -> list[ast.FunctionDef]:
    out, todo = [], [root]
    while todo:
        fn = funcs.get(todo.pop())
        if fn is None or fn in out:
            continue
        out.append(fn)
        todo += [n.func.id for n in ast.walk(fn) if isinstance(n, ast.Call) and isinstance(n.func, ast.Name)]
    return out


def _model_reads(tree: ast.Module) -> set[str]:
    """The module names the reference's Model reads, through module values built from them (a table
    computed from `FRAC_BITS` at import) and the module's functions."""
    model = next((n for n in tree.body if isinstance(n, ast.ClassDef) and n.name == "Model"), None)
    return _reach(tree, [model]) if model is not None else set()


def shape_constants(tree: ast.Module) -> list[ShapeConstant]:
    """Module-level sizes: `name = <int>` (also literal arithmetic such as `1024 * 2`, annotated
    assignments, and the elements of a tuple such as `input_shape = (32768,)`), named like sizes, that
    size the inputs or the constructor's arguments. A constant only the reference's Model reads (a hash's
    modulus `PRIME = 2147483647`) is its arithmetic, not a size: overriding it changes what the
    reference computes and never the candidate, which holds its own copy. So is one the Model reads
    and get_inputs uses as a value, not a size (a fixed-point format's `FRAC_BITS`, a stop codon's
    index `STOP = 20`)."""
    out: list[ShapeConstant] = []
    reads = _builder_reads(tree)
    sizes, model, passed = _size_reads(tree), _model_reads(tree), _init_reads(tree)
    arithmetic = model - sizes
    for stmt, name, value in _module_assignments(tree):
        words = [word for word in _NOT_SHAPES if word in name.lower()]
        # a count of steps or iterations that only sizes the inputs (a series' length, `num_steps = 512` in
        # `torch.rand(b, num_steps)`) is a size: the Model never reads it, nor gets it from get_init_inputs
        series = words and set(words) <= _COUNT_WORDS and name in sizes and name not in model and name not in passed
        if (words and not series) or (reads is not None and name not in reads) or name in arithmetic:
            continue
        out += [ShapeConstant(slot, v, stmt.lineno) for slot, v, _ in _shape_slots(name, value) if v >= _MIN_SHAPE_VALUE]
    return out


# What only runs with CUDA: extension builders with CUDA sources, CUDA-only Python bindings.
_CUDA_MODULES = ("pycuda", "cupy", "numba.cuda", "cuda.core", "cuda.bindings")
_EXTENSION_BUILDERS = ("load_inline", "load")


def _dotted_name(node: ast.AST) -> str:
    parts = []
    while isinstance(node, ast.Attribute):
        parts.append(node.attr)
        node = node.value
    if isinstance(node, ast.Name):
        parts.append(node.id)
    return ".".join(reversed(parts))


def _is_cuda_literal(node: ast.AST | None) -> bool:
    return isinstance(node, ast.Constant) and isinstance(node.value, str) and node.value.split(":")[0] == "cuda"


def _cuda_sources(call: ast.Call) -> bool:
    """An extension build with CUDA code: load_inline(cuda_sources=...), load(sources=['x.cu'])."""
    for kw in call.keywords:
        if kw.arg == "cuda_sources" and not (isinstance(kw.value, ast.Constant) and kw.value.value is None):
            return True
        if kw.arg == "with_cuda" and isinstance(kw.value, ast.Constant) and kw.value.value is True:
            return True
    return any(isinstance(n, ast.Constant) and isinstance(n.value, str) and n.value.endswith((".cu", ".cuh"))
               for a in [*call.args, *[k.value for k in call.keywords]] for n in ast.walk(a))


def cuda_requirements(tree: ast.Module) -> list[str]:
    """Why a candidate cannot run without a CUDA device, read statically (empty: it may run on the
    CPU, e.g. Triton under its interpreter): CUDA extensions (load_inline with cuda_sources, pycuda's
    SourceModule, cupy), asserts or raises on `.is_cuda`, tensors made with device='cuda' or moved
    with .cuda() / .to('cuda')."""
    out: list[str] = []

    def add(node: ast.AST, why: str) -> None:
        text = f"line {getattr(node, 'lineno', '?')}: {why}"
        if text not in out:
            out.append(text)

    # code under `if torch.cuda.is_available():` / `if x.is_cuda:` has a CPU path beside it
    guarded: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.If, ast.IfExp)) and any(
                isinstance(n, ast.Attribute) and n.attr in ("is_available", "is_cuda", "type", "device_count")
                for n in ast.walk(node.test)):
            branches = [node.body, node.orelse] if isinstance(node, ast.IfExp) else [*node.body, *node.orelse]
            guarded |= {id(n) for b in branches for n in ast.walk(b)}
    for node in ast.walk(tree):
        if id(node) in guarded:
            continue
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            names = [node.module or ""] if isinstance(node, ast.ImportFrom) else [a.name for a in node.names]
            for name in names:
                if name.startswith(_CUDA_MODULES):
                    add(node, f"imports {name} (CUDA only)")
        elif isinstance(node, ast.Call):
            name = _dotted_name(node.func)
            last = name.rsplit(".", 1)[-1]
            if last in _EXTENSION_BUILDERS and ("cpp_extension" in name or last == "load_inline") and _cuda_sources(node):
                add(node, f"builds a CUDA extension ({name}) that needs nvcc and CUDA_HOME")
            elif last == "SourceModule":
                add(node, "compiles CUDA C with pycuda's SourceModule")
            elif last == "cuda" and isinstance(node.func, ast.Attribute) and not node.args and \
                    _dotted_name(node.func.value) not in ("torch", "torch.backends", "triton.runtime"):
                add(node, f"moves a tensor or module to CUDA ({name}())")
            elif last in ("to", "device") and node.args and _is_cuda_literal(node.args[0]):
                add(node, f"{name}({node.args[0].value!r})")
            for kw in node.keywords:
                if kw.arg == "device" and _is_cuda_literal(kw.value):
                    add(node, f"makes a tensor on device={kw.value.value!r}")
        elif isinstance(node, (ast.Assert, ast.If)):
            test = node.test
            if isinstance(node, ast.If) and not all(isinstance(s, ast.Raise) for s in node.body):
                continue
            if any(isinstance(n, ast.Attribute) and n.attr == "is_cuda" for n in ast.walk(test)):
                add(node, "asserts that its tensors are on CUDA (.is_cuda)")
    return out


def inspect_sources(candidate: str | Path, reference: str | Path | None = None) -> ProblemFiles:
    """Read and statically validate a candidate and its reference. Raises InputError on bad input.

    The files are read on every call; their analysis is made once per distinct content (_MEMO): a
    repair inspects the original and its reference when it starts, when it verifies candidate #0
    (a copy in the run directory) and when it prepares its screen."""
    cand_path = Path(candidate).resolve()
    ref_path = None if reference is None else Path(reference).resolve()
    try:
        cand_src = _read(cand_path, "candidate")
        ref_src = None if ref_path is None else _read(ref_path, "reference")
    except InputError:  # unreadable: the checks in their own order say which error comes first
        return _inspect(cand_path, ref_path)
    key = (text_digest(cand_src), text_digest(ref_src), ref_path is None or ref_path == cand_path)
    found = _MEMO.get(key, lambda: _inspect(cand_path, ref_path, cand_src, ref_src))
    return replace(found, candidate=cand_path, reference=cand_path if ref_path is None else ref_path,
                   shape_constants=list(found.shape_constants), needs_cuda=list(found.needs_cuda))


# The analysis depends on the two texts and on whether they are one file; the paths are set per call.
_MEMO: ContentMemo[ProblemFiles] = ContentMemo(maxsize=64)


def _inspect(cand_path: Path, ref_path: Path | None, cand_src: str | None = None,
             ref_src: str | None = None) -> ProblemFiles:
    if cand_src is None:
        cand_src = _read(cand_path, "candidate")
    cand_tree = parse(cand_src, cand_path, "candidate")
    cand_classes = _classes(cand_tree)
    if "ModelNew" not in cand_classes:
        raise InputError(f"no class ModelNew in candidate {cand_path}")

    if ref_path is None:
        if "Model" not in cand_classes:
            raise InputError(
                f"candidate {cand_path} has no class Model and no --reference was given"
            )
        ref_path, ref_src, ref_tree = cand_path, cand_src, cand_tree
    else:
        if ref_src is None:
            ref_src = _read(ref_path, "reference")
        ref_tree = parse(ref_src, ref_path, "reference")

    ref_classes, ref_funcs = _classes(ref_tree), _functions(ref_tree)
    if "Model" not in ref_classes:
        raise InputError(f"no class Model in reference {ref_path}")
    if "get_inputs" not in ref_funcs:
        raise InputError(f"no get_inputs() in reference {ref_path}")
    for method in ("__init__", "forward"):
        _check_signature(ref_classes["Model"], cand_classes["ModelNew"], method)

    return ProblemFiles(
        candidate=cand_path,
        reference=ref_path,
        candidate_source=cand_src,
        reference_source=ref_src,
        single_file=cand_path == ref_path,
        shape_constants=shape_constants(ref_tree),
        needs_cuda=cuda_requirements(_candidate_part(cand_tree) if cand_path == ref_path else cand_tree),
    )


_REFERENCE_ROOTS = ("Model", "get_inputs", "get_init_inputs")


def _defined_names(stmt: ast.stmt) -> set[str]:
    """Module-level names a statement binds."""
    if isinstance(stmt, (ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
        return {stmt.name}
    if isinstance(stmt, (ast.Import, ast.ImportFrom)):
        return {(a.asname or a.name).split(".")[0] for a in stmt.names}
    out: set[str] = set()
    for node in ast.walk(stmt):
        if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
            out.add(node.id)
    return out


@functools.lru_cache(maxsize=64)  # a verify asks for it several times (cache key, reference file)
def reference_part(source: str) -> str:
    """The reference half of a single-file candidate, as source: imports, Model, get_inputs,
    get_init_inputs and the module-level definitions and assignments they use (transitively).

    The reference worker runs this, not the whole file: the candidate's own module-level code
    (ModelNew, its kernels, and any statement that patches torch before the reference runs) never
    executes where the expected outputs are made."""
    tree = ast.parse(source)
    body = [s for s in tree.body if not isinstance(s, (ast.Import, ast.ImportFrom))]
    defines = [(stmt, _defined_names(stmt)) for stmt in body]
    wanted, kept = set(_REFERENCE_ROOTS), set()
    changed = True
    while changed:
        changed = False
        for i, (stmt, names) in enumerate(defines):
            if i in kept or not names & wanted:
                continue
            kept.add(i)
            changed = True
            wanted |= {n.id for n in ast.walk(stmt) if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Load)}
    keep = [s for s in tree.body if isinstance(s, (ast.Import, ast.ImportFrom))]
    keep += [stmt for i, (stmt, _) in enumerate(defines) if i in kept]
    keep.sort(key=lambda s: s.lineno)
    return ast.unparse(ast.Module(body=keep, type_ignores=[])) + "\n"


def _candidate_part(tree: ast.Module) -> ast.Module:
    """A single-file candidate without its reference half (Model, get_inputs, get_init_inputs)."""
    keep = [n for n in tree.body if not (isinstance(n, (ast.ClassDef, ast.FunctionDef)) and
                                         n.name in ("Model", "get_inputs", "get_init_inputs"))]
    return ast.Module(body=keep, type_ignores=[])


class _OverrideConstants(ast.NodeTransformer):
    def __init__(self, overrides: dict[str, int]):
        self.overrides = overrides

    def visit_Module(self, node: ast.Module) -> ast.Module:
        for stmt, name, value in list(_module_assignments(node)):
            for slot, _, target in _shape_slots(name, value):
                if slot not in self.overrides:
                    continue
                new = ast.copy_location(ast.Constant(self.overrides[slot]), target)
                if target is value:
                    stmt.value = new
                else:
                    value.elts[value.elts.index(target)] = new
        return node


def exec_module(path: Path, name: str, overrides: dict[str, int] | None = None) -> types.ModuleType:
    """Execute a problem/candidate file as a fresh module, shape constants overridden.

    Runs user code: call it only inside a worker process. The module is registered in
    sys.modules (Triton's JIT and pickling look functions up through their module).
    """
    import sys

    source = path.read_text()
    tree = ast.parse(source, filename=str(path))
    if overrides:
        tree = ast.fix_missing_locations(_OverrideConstants(overrides).visit(tree))
    module = types.ModuleType(name)
    module.__file__ = str(path)
    sys.modules[name] = module
    code = compile(tree, str(path), "exec")
    exec(code, module.__dict__)
    return module
