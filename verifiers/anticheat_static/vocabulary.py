"""The names the checks match against: torch/numpy compute and safe names, the library paths that
compile, stream, spawn, introspect, read files or load data, C/C++ patterns for load_inline sources and
the hard-coded-output thresholds; classify_torch_path says what calling a dotted library path does.
"""

from __future__ import annotations

import builtins
import re
from typing import Literal



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
# group 2: library calls. On the CPU a C++ extension's functions are its kernels (traps.count_extension_calls):
# BLAS/MKL/oneDNN entry points (CBLAS, Fortran-ABI `sgemm_`, torch's own libtorch_cpu exports) and symbols
# looked up at run time (dlsym) compute where ATen's dispatcher cannot see them
_C_COMPUTE_RE = re.compile(
    r"\b(?:(?:torch|at)::(?:native::)?(\w+)\s*\(|(cublas\w+|cublasLt\w+|cudnn\w+|cblas_\w+|mkl_\w+|dnnl_\w+|"
    r"[sdcz](?:gemm|gemv|symm|syrk|trsm|dot|axpy|scal)_|dlsym)\s*\(|\.\s*(\w+)\s*\()"
)
C_LIBRARY_HINTS = ("torch::", "at::", "cublas", "cudnn", "cblas_", "mkl_", "dnnl_", "gemm_", "gemv_", "dot_", "axpy_",
                   "scal_", "symm_", "syrk_", "trsm_", "dlsym")
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
