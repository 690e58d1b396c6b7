"""Static anti-cheat checks on a candidate's Python AST.

Layer 3 (verifiers). Every check looks at the parsed candidate, never at regexes over its Python
text (the one exception: C/C++ source strings handed to load_inline are scanned for ATen/cuBLAS
calls, since they are not Python). Checks see two views of the module:

- the *forward path*: ModelNew.forward / __call__ and every function, method, lambda and module-level
  value they reach (helpers, other methods, wrapper functions, sub-module classes, autograd.Function
  forwards), but not the bodies of @triton.jit kernels, which use tl.* legitimately;
- the *module*: everything except kernels, the reference `Model` class when the file holds it,
  get_inputs/get_init_inputs and `if __name__ == "__main__":` blocks.

Severity is not a property of a check: it comes from PROFILES (strict / default / lenient).
"""

from __future__ import annotations

import ast
import builtins
import logging
import re
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from typing import Any, Literal

from kagent.errors import InputError
from kagent.report import Finding, Severity

log = logging.getLogger("kagent.verifiers.anticheat_static")

Profile = Literal["strict", "default", "lenient"]

# ---------------------------------------------------------------------------------------------
# Vocabulary
# ---------------------------------------------------------------------------------------------

_COMPUTE_BASE = """
matmul mm bmm addmm addmv addr addbmm baddbmm mv dot vdot inner outer ger einsum tensordot kron
linear bilinear conv1d conv2d conv3d conv_transpose1d conv_transpose2d conv_transpose3d convolution
softmax log_softmax softmin sum nansum mean nanmean prod cumsum cumprod cummax cummin logsumexp
logcumsumexp exp exp2 expm1 log log2 log10 log1p sqrt rsqrt pow float_power square abs absolute neg
negative reciprocal sign sgn sin cos tan tanh sinh cosh asin acos atan atan2 arctan2 sigmoid logit
relu relu6 gelu silu mish elu selu celu leaky_relu hardtanh hardswish hardsigmoid softplus softsign
threshold glu hardshrink softshrink tanhshrink prelu rrelu clamp clip clamp_min clamp_max max min
amax amin aminmax maximum minimum fmax fmin argmax argmin sort argsort topk kthvalue median nanmedian
mode var std var_mean std_mean norm renorm layer_norm group_norm batch_norm instance_norm rms_norm
local_response_norm normalize dropout add sub subtract mul multiply div divide true_divide
floor_divide remainder fmod addcmul addcdiv lerp where masked_fill masked_scatter erf erfc erfinv
floor ceil round trunc frac fix lgamma digamma polygamma sinc cross cdist pdist triu tril trace det
logdet slogdet inverse pinverse cholesky qr svd eig eigh solve lstsq matrix_power matrix_exp
max_pool1d max_pool2d max_pool3d avg_pool1d avg_pool2d avg_pool3d adaptive_avg_pool1d
adaptive_avg_pool2d adaptive_avg_pool3d adaptive_max_pool1d adaptive_max_pool2d adaptive_max_pool3d
lp_pool1d lp_pool2d interpolate upsample grid_sample affine_grid embedding embedding_bag
cross_entropy nll_loss mse_loss l1_loss smooth_l1_loss huber_loss kl_div binary_cross_entropy
binary_cross_entropy_with_logits cosine_similarity pairwise_distance triplet_margin_loss
hinge_embedding_loss margin_ranking_loss cosine_embedding_loss soft_margin_loss
multilabel_margin_loss multi_margin_loss poisson_nll_loss gaussian_nll_loss ctc_loss
scaled_dot_product_attention multi_head_attention_forward any all count_nonzero logical_and
logical_or logical_not logical_xor bitwise_and bitwise_or bitwise_xor bitwise_not eq ne lt le gt ge
greater less greater_equal less_equal not_equal isnan isinf isclose allclose equal histc bincount
scatter_add scatter_reduce index_add index_reduce segment_reduce fold logaddexp logaddexp2 xlogy
hypot nan_to_num heaviside copysign rad2deg deg2rad angle cumulative_trapezoid trapezoid diff
gcd lcm addmm_ sparse_mm fft ifft rfft irfft fft2 ifft2 rfft2 fftn ifftn
""".split()
_DUNDER_COMPUTE = """
__add__ __radd__ __iadd__ __sub__ __rsub__ __isub__ __mul__ __rmul__ __imul__ __truediv__
__rtruediv__ __itruediv__ __floordiv__ __rfloordiv__ __mod__ __pow__ __rpow__ __ipow__ __matmul__
__rmatmul__ __imatmul__ __neg__ __abs__ __and__ __or__ __xor__
""".split()
COMPUTE_NAMES: frozenset[str] = frozenset(_COMPUTE_BASE)
TENSOR_COMPUTE_METHODS: frozenset[str] = frozenset(
    set(_COMPUTE_BASE) | {n + "_" for n in _COMPUTE_BASE} | set(_DUNDER_COMPUTE)
)

# Tensor methods that allocate, move, view or describe: never a result by themselves.
TENSOR_SAFE_METHODS: frozenset[str] = frozenset(
    """
view reshape contiguous transpose permute flatten unflatten unsqueeze squeeze expand expand_as
view_as reshape_as size stride numel dim ndimension nelement element_size is_contiguous narrow
select chunk split tensor_split unbind t movedim moveaxis swapaxes swapdims as_strided broadcast_to
unfold to cuda cpu float half bfloat16 double int long short char byte bool type type_as clone
copy_ detach detach_ requires_grad_ pin_memory data_ptr item tolist numpy zero_ fill_ new_empty
new_zeros new_ones new_full new_tensor new_empty_strided is_cuda get_device storage_offset
is_floating_point is_complex flip roll repeat repeat_interleave tile
""".split()
)

# torch.<name> calls that allocate, reshape, move or configure (no result computed).
TORCH_SAFE_FUNCS: frozenset[str] = frozenset(
    """
empty empty_like empty_strided empty_permuted zeros zeros_like ones ones_like full full_like arange
linspace logspace eye tensor as_tensor asarray from_numpy from_dlpack frombuffer rand rand_like randn
randn_like randint randint_like randperm normal manual_seed seed initial_seed get_rng_state
set_rng_state device dtype Size Generator Tensor is_tensor is_storage is_floating_point is_complex
numel get_default_dtype set_grad_enabled is_grad_enabled no_grad enable_grad inference_mode
is_inference_mode_enabled promote_types result_type can_cast finfo iinfo broadcast_shapes cat concat
concatenate stack hstack vstack dstack split tensor_split chunk unbind narrow narrow_copy reshape
flatten unflatten squeeze unsqueeze transpose swapaxes swapdims permute movedim moveaxis t
view_as_real view_as_complex as_strided broadcast_to broadcast_tensors clone select flip roll
get_device typename set_printoptions use_deterministic_algorithms
are_deterministic_algorithms_enabled get_num_threads set_num_threads get_float32_matmul_precision
""".split()
)
_TORCH_SAFE_PREFIXES = (
    "torch.cuda.", "torch.utils.", "torch.backends.", "torch.library.", "torch.autograd.Function",
    "torch.version", "torch.profiler.", "torch.types.", "torch.random.", "torch.nn.init.",
    "torch.nn.Parameter", "torch.nn.Module", "torch.nn.ParameterList", "torch.nn.ParameterDict",
    "torch.nn.ModuleList", "torch.nn.ModuleDict", "torch.nn.Identity", "torch.nn.parameter.",
    "torch.Size", "torch.device", "torch.dtype",
)
# torch.nn.functional entries that only move data.
_F_SAFE = frozenset({"pad"})
_TORCH_COMPUTE_NAMESPACES = (
    "torch.nn.functional.", "torch.special.", "torch.linalg.", "torch.fft.", "torch.ops.aten.",
    "torch.ops.prims.", "torch._C.", "torch._refs.", "torch._prims.", "torch.sparse.",
    "torch._foreach", "torch.nested.",
)
_COMPILE_PATHS = (
    "torch.compile", "torch.jit.", "torch._dynamo", "torch._inductor", "torch.export",
    "torch.fx.symbolic_trace", "torch_tensorrt", "tensorrt", "torch.cuda.make_graphed_callables",
)
_STREAM_PATHS = frozenset({
    "torch.cuda.Stream", "torch.cuda.stream", "torch.cuda.StreamContext", "torch.cuda.ExternalStream",
    "torch.cuda.set_stream", "torch.Stream", "torch.cuda.streams.Stream",
    "torch.cuda.streams.ExternalStream", "torch.cuda.get_stream_from_external", "pycuda.driver.Stream",
    "cupy.cuda.Stream", "cupy.cuda.stream.Stream", "cupy.cuda.ExternalStream", "torch.cpu.Stream",
    "torch.cpu.stream", "torch.accelerator.set_stream",
})
_C_STREAM_RE = re.compile(
    r"\b(cudaStreamCreate\w*|cuStreamCreate\w*|getStreamFromPool|cudaStreamNonBlocking|hipStreamCreate\w*)\b"
)
_C_COMPUTE_RE = re.compile(
    r"\b(?:(?:torch|at)::(?:native::)?(\w+)\s*\(|(cublas\w+|cublasLt\w+|cudnn\w+)\s*\(|\.\s*(\w+)\s*\()"
)
# Threads started from C++ handed to load_inline / cpp_extension (std::thread::hardware_concurrency is a query).
_C_THREAD_RE = re.compile(
    r"\b(std::j?thread\b(?!\s*::\s*hardware_concurrency)|std::async\b|pthread_create\b|boost::thread\b"
    r"|at::launch\b|CreateThread\b|_beginthreadex?\b)"
)
# operator-module functions that compute arithmetic: `operator.add(a, b)` is `a + b` (and torch.add).
_OPERATOR_COMPUTE = frozenset(
    """add iadd sub isub mul imul truediv itruediv floordiv ifloordiv mod imod pow ipow matmul imatmul neg
    pos abs and_ iand or_ ior xor ixor invert inv lshift ilshift rshift irshift""".split()
) | frozenset(f"__{n.rstrip('_')}__" for n in
              "add iadd sub isub mul imul truediv itruediv floordiv ifloordiv mod imod pow ipow matmul imatmul "
              "neg pos abs and_ iand or_ ior xor ixor invert inv".split())
# Calls whose result is their first argument, wrapped: `staticmethod(f)`, `functools.partial(f, ...)`.
_WRAPPER_CALLS = frozenset({"builtins.staticmethod", "builtins.classmethod", "functools.partial",
                            "functools.partialmethod", "functools.update_wrapper"})
# Calls that build a callable from a method *name*: `operator.methodcaller("softmax", -1)`.
_NAME_CALLERS = frozenset({"operator.methodcaller", "operator.attrgetter"})
_CONCURRENCY_PREFIXES = (
    "threading.Thread", "threading.Timer", "_thread.start_new", "multiprocessing.",
    "torch.multiprocessing.", "concurrent.futures.", "subprocess.", "pty.", "asyncio.to_thread",
    "asyncio.create_subprocess", "os.fork", "os.system", "os.popen", "os.spawn", "os.exec",
    "os.posix_spawn", "os.register_at_fork", "billiard.", "joblib.Parallel", "ray.",
)
_CONCURRENCY_EXACT = frozenset({"multiprocessing", "subprocess", "concurrent.futures"})
_INTROSPECTION_PREFIXES = (
    "inspect.", "sys._getframe", "sys._current_frames", "sys.settrace", "sys.setprofile",
    "sys.gettrace", "sys.getprofile", "sys.modules", "threading.settrace", "threading.setprofile",
    "gc.get_objects", "gc.get_referrers", "gc.get_referents", "traceback.extract_stack",
    "traceback.walk_stack", "traceback.format_stack", "traceback.print_stack", "traceback.StackSummary",
    "sys.exc_info", "__main__", "builtins.globals", "torch.cuda.memory._snapshot",
    "torch.cuda.memory_snapshot",
)
_FRAME_ATTRS = frozenset({"f_back", "f_locals", "f_globals", "f_builtins", "tb_frame", "gi_frame",
                          "cr_frame", "f_code", "__globals__", "__closure__"})
_IO_PREFIXES = (
    "builtins.open", "io.open", "io.FileIO", "os.open", "os.read", "os.listdir", "os.scandir",
    "os.walk", "os.getenv", "os.environ", "os.environb", "glob.", "shutil.", "pathlib.",
    "socket.", "urllib.", "http.", "requests.", "httpx.", "aiohttp.", "ftplib.", "smtplib.",
    "tempfile.", "fileinput.", "mmap.",
)
_NETWORK_PREFIXES = ("socket.", "urllib.", "http.", "requests.", "httpx.", "aiohttp.", "ftplib.",
                     "smtplib.")
# Reading files outside the forward path (io_access / file_access): openers, stored-data loaders,
# directory listings, and the pathlib methods that do the same.
_FILE_OPEN_CALLS = (
    "builtins.open", "io.open", "io.open_code", "io.FileIO", "os.open", "os.read", "codecs.open",
    "linecache.", "fileinput.", "mmap.mmap", "tarfile.open", "zipfile.ZipFile", "sqlite3.connect", "dbm.open",
    "h5py.File", "numpy.fromfile", "numpy.loadtxt", "numpy.genfromtxt", "numpy.memmap", "json.load",
)
# loaders of stored tensors / pickles: what a reference's cached outputs are read with.
_STORED_DATA_LOADERS = (
    "torch.load", "torch.serialization.", "torch.from_file", "torch.UntypedStorage.from_file",
    "torch.storage.", "pickle.load", "pickle.Unpickler", "_pickle.", "dill.load", "cloudpickle.load",
    "joblib.load", "shelve.open", "marshal.load", "numpy.load", "safetensors.",
)
_DIR_LIST_CALLS = ("glob.", "os.listdir", "os.scandir", "os.walk", "os.fwalk", "shutil.copy", "shutil.move",
                   "shutil.unpack_archive", "importlib.resources.", "pkgutil.get_data")
_PATH_READ_METHODS = frozenset({"read_bytes", "read_text", "open", "glob", "rglob", "iterdir", "walk",
                                "readlink"})
# Things in a path that point at someone else's files: the user's / kagent's / Triton's caches,
# temporary and working directories, stored tensors.
_PATH_PLACE_CALLS = ("os.path.expanduser", "os.path.expandvars", "pathlib.Path.home", "pathlib.Path.cwd",
                     "os.getcwd", "os.getcwdb", "platformdirs.", "appdirs.", "tempfile.", "kagent.",
                     "triton.runtime.cache.", "torch.utils.cpp_extension._get_build_directory",
                     "torch.hub.get_dir", "torch._inductor.")
_DATA_FILE_RE = re.compile(
    r"(\.(pt|pth|pkl|pickle|npy|npz|safetensors|ckpt|bin|h5|hdf5)\b|cache|kagent|\.triton|^/tmp\b|^~)",
    re.IGNORECASE,
)
_DATA_LOAD_PATHS = (
    "torch.load", "numpy.load", "numpy.fromfile", "numpy.loadtxt", "numpy.genfromtxt", "numpy.memmap",
    "pickle.load", "pickle.loads", "joblib.load", "base64.", "binascii.", "zlib.decompress",
    "gzip.decompress", "lzma.decompress", "bz2.decompress", "marshal.load", "marshal.loads",
    "numpy.frombuffer", "torch.frombuffer", "builtins.bytes.fromhex", "safetensors.",
    "h5py.", "json.load", "json.loads",
)
_TENSOR_FACTORY_PATHS = frozenset({
    "torch.tensor", "torch.as_tensor", "torch.asarray", "torch.Tensor", "torch.FloatTensor",
    "torch.from_numpy", "numpy.array", "numpy.asarray", "cupy.array", "cupy.asarray",
})
_PRECISION_ATTRS = frozenset({"allow_tf32", "allow_fp16_reduced_precision_reduction",
                              "allow_bf16_reduced_precision_reduction", "fp32_precision"})
_PRECISION_CALLS = frozenset({
    "torch.set_float32_matmul_precision", "torch.set_default_dtype", "torch.set_flush_denormal",
    "torch.set_default_tensor_type", "torch.backends.cuda.preferred_blas_library",
})
_TENSOR_SUBCLASS_BASES = frozenset({
    "torch.Tensor", "torch._C.TensorBase", "torch._C._TensorBase", "torch.nn.Parameter",
    "torch.overrides.TorchFunctionMode", "torch.utils._python_dispatch.TorchDispatchMode",
    "torch._subclasses.FakeTensor", "torch.masked.MaskedTensor",
})
_TENSOR_SUBCLASS_CALLS = ("torch.Tensor._make_subclass", "torch.Tensor._make_wrapper_subclass",
                          "torch._C._disabled_torch_function_impl", "torch.overrides.",
                          "torch.utils._python_dispatch.", "torch._subclasses.")
_OBFUSCATION_CALLS = frozenset({
    "builtins.eval", "builtins.exec", "builtins.compile", "builtins.__import__",
    "importlib.import_module", "importlib.__import__", "types.FunctionType", "types.CodeType",
    "marshal.loads", "runpy.run_path", "runpy.run_module", "importlib.util.spec_from_file_location",
})
# Attribute names whose values are derived from a tensor's identity, not its contents.
_IDENTITY_ATTRS = frozenset({"data_ptr", "untyped_storage", "storage", "_cdata", "__hash__",
                             "_version", "unsafe_get_storage", "_typed_storage"})
_IDENTITY_FUNCS = frozenset({"builtins.id", "builtins.hash"})
_CACHE_DECORATORS = frozenset({"functools.lru_cache", "functools.cache", "functools.cached_property",
                               "cachetools.cached", "joblib.Memory"})
# Methods whose result reads tensor *values* (a branch on them is data dependent).
_DATA_READ_METHODS = frozenset(
    """item tolist any all max min amax amin sum mean norm abs count_nonzero nonzero isnan isinf
    isfinite allclose equal eq ne lt le gt ge std var median""".split()
)
_SAFE_ROOTS_FOR_METHODS = frozenset({"builtins", "logging", "math", "re", "os", "sys", "collections",
                                     "functools", "itertools", "typing", "pathlib", "dataclasses"})
_KERNEL_DECORATORS = ("triton.jit", "triton.autotune", "triton.heuristics", "triton.language.core.extern",
                      "triton.language.extra", "triton.runtime.jit", "triton.runtime.autotuner",
                      "triton.language.constexpr_function", "triton.constexpr_function")
_EXTENSION_LOADERS = frozenset({
    "torch.utils.cpp_extension.load_inline", "torch.utils.cpp_extension.load",
    "pycuda.compiler.SourceModule", "pycuda.compiler.DynamicSourceModule", "cupy.RawKernel",
    "cupy.RawModule", "cupy.ElementwiseKernel", "cupy.ReductionKernel", "ctypes.CDLL",
    "ctypes.cdll.LoadLibrary", "cuda.cuda.cuModuleLoadData", "torch.ops.load_library",
})
_NON_TENSOR_ANNOTATIONS = frozenset({"int", "float", "bool", "str", "tuple", "list", "dict"})
_PERSISTENT_CONTAINER_METHODS = frozenset({"get", "setdefault", "pop", "__contains__", "__getitem__",
                                           "__setitem__", "update", "add"})
_REACH_SKIP_METHODS = frozenset({"backward", "setup_context", "jvp", "vjp", "vmap", "extra_repr",
                                 "__repr__", "__str__"})
_HARDCODED_LITERAL_MIN = 64
_HARDCODED_FACTORY_MIN = 16
_HARDCODED_BYTES_MIN = 256
_BUILTIN_NAMES = frozenset(dir(builtins))


# ---------------------------------------------------------------------------------------------
# Registry types
# ---------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Hit:
    """What a check found: the node, the message, where (qualname) and how it was reached."""

    node: ast.AST
    message: str
    where: str
    path: tuple[str, ...] = ()
    extra: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Check:
    name: str
    rationale: str
    fn: Callable[["Analysis"], Iterable[Hit]]


# Profile table: check -> severity under each profile. The single place severities live.
PROFILES: dict[Profile, dict[str, Severity]] = {"strict": {}, "default": {}, "lenient": {}}
_SEVERITY_ROWS: dict[str, tuple[Severity, Severity, Severity]] = {
    # check                 strict    default    lenient
    "torch_compute": ("error", "error", "warning"),
    "tensor_arith": ("error", "warning", "info"),
    "reference_call": ("error", "error", "error"),
    "inherits_reference": ("error", "error", "error"),
    "fallback": ("error", "error", "warning"),
    "torch_compile": ("error", "error", "warning"),
    "concurrency": ("error", "error", "error"),
    "streams": ("error", "error", "warning"),
    "timer_patch": ("error", "error", "error"),
    "precision_flags": ("error", "error", "warning"),
    "pointer_cache": ("error", "error", "warning"),
    "introspection": ("error", "error", "error"),
    "io_access": ("error", "error", "warning"),
    "file_access": ("error", "warning", "info"),
    "hardcoded_output": ("error", "error", "warning"),
    "data_dependent_skip": ("error", "error", "warning"),
    "tensor_subclass": ("error", "error", "warning"),
    "obfuscation": ("error", "error", "warning"),
    "input_mutation": ("error", "warning", "info"),
}
for _name, (_s, _d, _l) in _SEVERITY_ROWS.items():
    PROFILES["strict"][_name] = _s
    PROFILES["default"][_name] = _d
    PROFILES["lenient"][_name] = _l


# ---------------------------------------------------------------------------------------------
# Analysis: imports, definitions, reachability, name resolution
# ---------------------------------------------------------------------------------------------


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

    def _targets_of(self, sym: str, path: tuple[str, ...]):
        m = re.match(r"^<(?:new:)?<?(def|class|meth|lambda|global|super):([\w.]+)>", sym)
        if not m:
            return
        kind, name = m.group(1), m.group(2)
        if kind == "def" and name in self.functions and name not in self.kernels:
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


# ---------------------------------------------------------------------------------------------
# Helpers used by several checks
# ---------------------------------------------------------------------------------------------


def _is_tensor_library_path(q: str | None) -> bool:
    return bool(q) and q.split(".")[0] in ("torch", "numpy", "cupy", "scipy", "jax", "tensorflow")  # type: ignore[union-attr]


def classify_torch_path(q: str) -> Literal["safe", "compute", "compile", "stream", "other"]:
    """What calling the library function `q` (a dotted path) does."""
    if q.startswith(_COMPILE_PATHS):
        return "compile"
    if q in _STREAM_PATHS:
        return "stream"
    root = q.split(".")[0]
    last = q.split(".")[-1]
    if root == "torch":
        if q.startswith("torch.Tensor."):
            meth = q[len("torch.Tensor."):]
            return "compute" if meth in TENSOR_COMPUTE_METHODS else "safe"
        if q.startswith("torch.nn.functional."):
            return "safe" if last in _F_SAFE else "compute"
        if q.startswith("torch.ops."):
            parts = q.split(".")
            return "compute" if len(parts) > 2 and parts[2] in ("aten", "prims", "quantized") else "safe"
        if q.startswith(_TORCH_COMPUTE_NAMESPACES):
            return "compute"
        if q.startswith(_TORCH_SAFE_PREFIXES) or q in ("torch.cuda", "torch.nn"):
            return "safe"
        if q.count(".") == 1:
            return "safe" if last in TORCH_SAFE_FUNCS else "compute"
        if q.startswith("torch.nn."):
            return "safe"  # constructing a layer is not computing; calling its instance is (see below)
        return "compute" if last in COMPUTE_NAMES else "safe"
    if root in ("numpy", "cupy", "scipy", "jax", "tensorflow"):
        if root == "scipy" and q.startswith(("scipy.special.", "scipy.linalg.", "scipy.signal.")):
            return "compute"
        return "compute" if last in COMPUTE_NAMES else "safe"
    if root == "operator" and last in ("matmul", "imatmul"):
        return "compute"
    return "other"


def _instance_of_nn_module(sym: str) -> str | None:
    """'<new:torch.nn.Linear>' (or its .forward / __call__) -> 'torch.nn.Linear'."""
    m = re.match(r"^<new:(torch\.nn\.(?:modules\.[\w.]+\.)?(\w+))>(\.forward|\.__call__)?$", sym)
    if m and classify_torch_path(m.group(1)) == "safe" and m.group(2) not in (
            "Parameter", "ParameterList", "ParameterDict", "Identity", "Module", "ModuleList", "ModuleDict"):
        return m.group(1)
    m = re.match(r"^<new:(torch\.nn\.(Sequential|ModuleList|ModuleDict))>", sym)
    return m.group(1) if m else None


def _snippet(an: Analysis, node: ast.AST) -> str:
    seg = ast.get_source_segment(an.source, node)
    if seg is None:
        line = getattr(node, "lineno", 0)
        seg = an.lines[line - 1] if 0 < line <= len(an.lines) else ""
    seg = " ".join(seg.split())
    return seg if len(seg) <= 160 else seg[:157] + "..."


def _forward_nodes(an: Analysis) -> list[tuple[Unit, ast.AST]]:
    if an._forward_nodes is None:
        an._forward_nodes = [(u, n) for u in an.units for n in _walk_skip(u.node, an._is_nested_kernel)]
    return an._forward_nodes


def _module_excluded(an: Analysis, node: ast.AST) -> bool:
    if an._is_nested_kernel(node) or _is_main_guard(node):
        return True
    if isinstance(node, ast.ClassDef) and node.name in an.reference_names:
        return True
    return isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.name in (
        "get_inputs", "get_init_inputs") and an.parents.get(id(node)) is an.tree


def _module_nodes(an: Analysis) -> list[tuple[Unit, ast.AST]]:
    """Every node of the module outside the excluded regions, with the unit of the function it is
    in (so names resolve against that function's locals). Computed once per analysis."""
    if an._module_nodes is None:
        an._module_nodes = list(_module_nodes_iter(an))
    return an._module_nodes


def _module_nodes_iter(an: Analysis) -> Iterator[tuple[Unit, ast.AST]]:
    forward_units = {id(u.node): u for u in an.units}
    module_unit = Unit(qualname="<module>", node=an.tree, path=("<module>",))

    def visit(node: ast.AST, unit: Unit) -> Iterator[tuple[Unit, ast.AST]]:
        yield unit, node
        for child in ast.iter_child_nodes(node):
            if _module_excluded(an, child):
                continue
            if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef)):
                cls = None
                parent = an.parents.get(id(child))
                if isinstance(parent, ast.ClassDef):
                    cls = parent.name
                sub = forward_units.get(id(child)) or an._unit_for(
                    f"{cls + '.' if cls else ''}{child.name}", child, (child.name,), cls or unit.cls)
                yield from visit(child, sub)
            elif isinstance(child, ast.ClassDef):
                yield from visit(child, Unit(qualname=child.name, node=child, path=(child.name,), cls=child.name))
            else:
                yield from visit(child, unit)

    yield from visit(an.tree, module_unit)


def _outermost_refs(an: Analysis, nodes: Iterable[tuple[Unit, ast.AST]]) -> Iterator[tuple[Unit, ast.AST, str]]:
    """Name/Attribute loads that are not the inner part of a longer attribute chain, resolved."""
    for unit, node in nodes:
        if not isinstance(node, (ast.Name, ast.Attribute)) or not isinstance(getattr(node, "ctx", None), ast.Load):
            continue
        parent = an.parents.get(id(node))
        if isinstance(parent, ast.Attribute) and parent.value is node:
            continue
        sym = an.resolve(node, unit)
        if sym:
            yield unit, node, sym


def _calls(nodes: Iterable[tuple[Unit, ast.AST]]) -> Iterator[tuple[Unit, ast.Call]]:
    for unit, node in nodes:
        if isinstance(node, ast.Call):
            yield unit, node


def _hit(unit: Unit, node: ast.AST, message: str, **extra: Any) -> Hit:
    return Hit(node=node, message=message, where=unit.qualname, path=unit.path, extra=extra)


# ---------------------------------------------------------------------------------------------
# Checks
# ---------------------------------------------------------------------------------------------


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
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and "(" in node.value and (
                "torch::" in node.value or "at::" in node.value or "cublas" in node.value or "cudnn" in node.value):
            for m in _C_COMPUTE_RE.finditer(node.value):
                name = m.group(1) or m.group(2) or m.group(3)
                if m.group(2) or (name in COMPUTE_NAMES and (m.group(1) or _looks_like_tensor_method_call(node.value, m))):
                    line = node.value.count("\n", 0, m.start())
                    yield _hit(unit, node, f"C++/CUDA source calls `{m.group(0).strip()}` (line {line + 1} of the "
                               "string): ATen/cuBLAS computes the result, not the custom kernel", op=name)


# --- host-side shape arithmetic (torch or Python on shapes, constants and ints) -------------------

_SHAPE_ATTRS = frozenset({"shape", "ndim", "dtype", "device", "is_cuda", "layout"})
_SHAPE_METHODS = frozenset({"size", "stride", "numel", "dim", "ndimension", "nelement", "element_size",
                            "is_contiguous", "get_device", "storage_offset", "data_ptr"})
# Methods that on a host-side (shape) value stay host-side: `torch.tensor(dims).prod().item()`.
_HOST_VALUE_METHODS = frozenset({"prod", "sum", "item", "tolist", "max", "min", "cumprod", "long", "int",
                                 "index", "count", "bit_length"})
_HOST_FUNCTIONS = frozenset({"builtins." + n for n in (
    "int", "float", "bool", "len", "min", "max", "abs", "sum", "round", "list", "tuple", "range", "divmod", "pow")}
    | {"math.prod", "math.ceil", "math.floor", "math.log2", "math.sqrt", "math.gcd", "math.isqrt", "math.log",
       "triton.next_power_of_2", "triton.cdiv", "triton.language.cdiv", "functools.reduce", "operator.mul",
       "operator.add", "torch.Size", "numpy.prod"})


def _host_value(an: Analysis, node: ast.AST | None, unit: Unit | None, depth: int = 0) -> bool:
    """An expression over shapes, constants and Python ints only: `x.shape[1]`, `len(x)`,
    `triton.next_power_of_2(n_cols)`, `torch.prod(torch.tensor(dims))`. Torch on such values does
    not compute the result; branching on them does not depend on the data."""
    if node is None or depth > 12:
        return False
    rec = lambda n, u=unit: _host_value(an, n, u, depth + 1)  # noqa: E731
    if isinstance(node, ast.Constant):
        return True
    if isinstance(node, ast.Attribute):
        return node.attr in _SHAPE_ATTRS
    if isinstance(node, ast.Subscript):
        return rec(node.value) and rec(node.slice) if not isinstance(node.slice, ast.Slice) else rec(node.value)
    if isinstance(node, (ast.List, ast.Tuple, ast.Set)):
        return all(rec(e) for e in node.elts)
    if isinstance(node, ast.Starred):
        return rec(node.value)
    if isinstance(node, ast.BinOp):
        return rec(node.left) and rec(node.right)
    if isinstance(node, ast.UnaryOp):
        return rec(node.operand)
    if isinstance(node, ast.BoolOp):
        return all(rec(v) for v in node.values)
    if isinstance(node, ast.Compare):
        return rec(node.left) and all(rec(c) for c in node.comparators)
    if isinstance(node, ast.IfExp):
        return rec(node.body) and rec(node.orelse)
    if isinstance(node, ast.Name):
        if unit is None:
            return node.id in an.module_values and rec(an.module_values[node.id], None)
        values = _assigned_values(an, node.id, unit)
        if node.id in unit.params:  # a parameter: what every call site passes, and any rebinding
            sites = _call_site_args(an, unit, node.id)
            if not sites:
                return False
            values = [*sites, *[(v, u) for v, u in values if (v, u) not in sites]]
        return bool(values) and all(_host_value(an, v, u, depth + 1) for v, u in values)
    if isinstance(node, ast.Call):
        f = node.func
        args = [*node.args, *[k.value for k in node.keywords]]
        if isinstance(f, ast.Attribute) and f.attr in _SHAPE_METHODS:
            return all(rec(a) for a in args)
        if isinstance(f, ast.Attribute) and f.attr in _HOST_VALUE_METHODS and rec(f.value):
            return all(rec(a) for a in args)
        q = (an.resolve(f, unit) if unit is not None else None) or ""
        if q == "builtins.len":
            return True  # the length of anything is a size
        if q in _HOST_FUNCTIONS or (q.startswith("torch.") and classify_torch_path(q) in ("compute", "safe")
                                     and not q.startswith("torch.nn.")):
            return bool(args) and all(rec(a) for a in args if not isinstance(a, ast.Constant))
    return False


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


def _assignment_targets(node: ast.AST) -> list[ast.expr]:
    if isinstance(node, ast.Assign):
        out: list[ast.expr] = []
        for t in node.targets:
            out.extend(t.elts if isinstance(t, (ast.Tuple, ast.List)) else [t])
        return out
    if isinstance(node, (ast.AugAssign, ast.AnnAssign)):
        return [node.target]
    if isinstance(node, ast.Delete):
        return list(node.targets)
    return []


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


@dataclass(frozen=True)
class Read:
    """A file read, directory listing or environment read outside the forward path."""

    unit: Unit
    node: ast.AST
    kind: Literal["load", "open", "list", "env"]
    op: str
    why: list[str] = field(default_factory=list)  # what in the path points at stored outputs
    env_name: str | None = None


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
            if n >= _HARDCODED_LITERAL_MIN:
                yield _hit(unit, node, f"a literal table of {n} numbers: hard-coded outputs pass one input "
                           "and nothing else", literals=n)
        elif isinstance(node, ast.Call):
            q = an.resolve(node.func, unit) or ""
            if q in _TENSOR_FACTORY_PATHS and node.args:
                n = _numeric_literal_count(node.args[0])
                if _HARDCODED_FACTORY_MIN <= n < _HARDCODED_LITERAL_MIN:
                    yield _hit(unit, node, f"`{q}` of {n} literal numbers: a hard-coded tensor", literals=n)
            elif q.startswith(_DATA_LOAD_PATHS) and not q.startswith("<"):
                yield _hit(unit, node, f"calls `{q}`: loads or decodes stored data, e.g. precomputed "
                           "outputs", op=q)
        elif isinstance(node, ast.Constant) and isinstance(node.value, bytes) and len(node.value) >= _HARDCODED_BYTES_MIN:
            yield _hit(unit, node, f"a {len(node.value)}-byte bytes literal: embedded binary data", size=len(node.value))


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
    if an.is_tensor_expr(test, unit):
        return "the truth value of a tensor"
    return None


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


CHECKS: dict[str, Check] = {
    c.name: c
    for c in [
        Check("torch_compute", "a PyTorch/ATen/cuBLAS op (call, @, nn module, F.*, torch.ops.aten, "
              "ATen calls in load_inline C++) computes the result on the forward path", check_torch_compute),
        Check("tensor_arith", "Python arithmetic on tensors runs in PyTorch, not in the candidate's kernel",
              check_tensor_arith),
        Check("reference_call", "the candidate instantiates, calls or references the reference Model",
              check_reference_call),
        Check("inherits_reference", "ModelNew inherits the reference (or calls super() into it), so its "
              "forward is the reference", check_inherits_reference),
        Check("fallback", "a try/except around the kernel path produces a result in its handler (a "
              "fallback that hides a broken kernel)", check_fallback),
        Check("torch_compile", "torch.compile / torch.jit / dynamo generate the kernels instead of the "
              "candidate", check_torch_compile),
        Check("concurrency", "threads, processes, subprocesses or executors do work outside the measured "
              "call", check_concurrency),
        Check("streams", "work on created (non-default) CUDA streams escapes timing and synchronisation",
              check_streams),
        Check("timer_patch", "assigning/setattr-ing library functions (timers, synchronize, oracle "
              "comparisons) fools the harness", check_timer_patch),
        Check("precision_flags", "global precision flags (TF32, reduced-precision reductions) change the "
              "reference's numerics too", check_precision_flags),
        Check("pointer_cache", "caches keyed on data_ptr/id/storage/hash (or memoised forward) return old "
              "results for new values", check_pointer_cache),
        Check("introspection", "inspect / sys._getframe / gc / frame attributes / sys.modules let the "
              "candidate read expected outputs from the harness", check_introspection),
        Check("io_access", "file, network or environment reads in the forward path, and anywhere in the "
              "module reads of stored tensors/pickles or of files under an environment variable, a cache, "
              "temporary or home folder, can fetch expected outputs", check_io_access),
        Check("file_access", "other file reads, directory listings and whole-environment reads outside the "
              "forward path: legitimate uses exist (a kernel source file), but expected outputs can be read "
              "the same way", check_file_access),
        Check("hardcoded_output", "large literal tables, literal tensors or loaded/decoded data are "
              "precomputed outputs", check_hardcoded_output),
        Check("data_dependent_skip", "branching on input values in the forward path skips or replaces work "
              "for some data", check_data_dependent_skip),
        Check("tensor_subclass", "tensor subclasses / torch modes can defer or fake the result until it is "
              "inspected", check_tensor_subclass),
        Check("obfuscation", "eval/exec/dynamic imports/computed getattr hide what the candidate calls",
              check_obfuscation),
        Check("input_mutation", "the forward writes into its inputs (e.g. zeroes them), changing what the "
              "reference computes afterwards", check_input_mutation),
    ]
}


def static_findings(
    source: str,
    *,
    reference_source: str | None = None,
    profile: Profile = "default",
    only: list[str] | None = None,
) -> list[Finding]:
    """Run the static anti-cheat checks on a candidate's source. Raises InputError when it does not
    parse, ValueError for an unknown profile or check name."""
    if profile not in PROFILES:
        raise ValueError(f"unknown anti-cheat profile {profile!r}; known: {sorted(PROFILES)}")
    names = list(CHECKS)
    if only is not None:
        wanted = [n.removeprefix("anticheat.") for n in only]
        unknown = [n for n in wanted if n not in CHECKS]
        if unknown:
            raise ValueError(f"unknown anti-cheat check(s) {unknown}; known: {sorted(CHECKS)}")
        names = [n for n in names if n in wanted]
    an = Analysis(source, reference_source)
    findings: list[Finding] = []
    for name in names:
        severity = PROFILES[profile][name]
        seen: set[tuple[int, int, str]] = set()
        for hit in CHECKS[name].fn(an):
            line, col = getattr(hit.node, "lineno", 0), getattr(hit.node, "col_offset", 0)
            if (line, col, hit.message) in seen:
                continue
            seen.add((line, col, hit.message))
            findings.append(Finding(
                check=f"anticheat.{name}",
                severity=severity,
                failure_class="cheat" if severity == "error" else None,
                message=hit.message,
                evidence={
                    "line": line,
                    "col": col,
                    "snippet": _snippet(an, hit.node),
                    "function": hit.where,
                    "reached_from": " -> ".join(hit.path),
                    "rationale": CHECKS[name].rationale,
                    "profile": profile,
                    **hit.extra,
                },
            ))
    findings.sort(key=lambda f: (f.evidence["line"], f.evidence["col"], f.check))
    return findings
