"""Capture the Triton launches of a KernelBench candidate, and compile them ahead of time.

Two worker processes, each with a timeout and killed with its process group:

* capture: loads the candidate (and its reference problem for inputs), hooks
  `JITFunction.run` (and the interpreter's `InterpretedFunction.run` on CPU), runs
  `ModelNew(*get_init_inputs())(*get_inputs())` once on the problem's own shapes and once per
  boundary-shape case of the verify suite (the problem re-executed with its shape constants
  overridden, as `kagent verify` does), so every specialisation verify will launch (e.g.
  BLOCK=next_power_of_2(cols) of an odd shape) is lowered; it records, for every launch, the
  specialisation Triton's own launch uses: the same binder (`create_function_from_signature`)
  and `_pack_args` Triton's JIT runs, with the CUDA backend, so pointer dtypes, int widths,
  value-1 int constexprs and the divisibility-16 attributes are Triton's, not a guess. With
  `TRITON_INTERPRET=1` (CPU) tensors live on the host, whose allocations are 64-byte aligned like
  CUDA's, so the divisibility attributes agree. A second, "generic" specialisation (no
  divisibility, no int specialisation) is recorded too: the PTX-backed candidate falls back to it
  for shapes the captured one does not cover (verify's boundary shapes).
* compile: imports the candidate WITHOUT the interpreter (helper @triton.jit functions must be
  real JITFunctions for the code generator) and runs `triton.compile(ASTSource(...),
  target=GPUTarget("cuda", cap, 32))` for each recorded specialisation. No GPU needed.

Layer 2 (tools). Works on triton 3.6 and 3.7 (same binder/_pack_args/ASTSource APIs).
"""

from __future__ import annotations

import hashlib
import importlib.util
import json
import os
import sys
import time
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from kagent.log import get_logger

log = get_logger("tools.triton_capture")

CAPTURE_TIMEOUT_S = 600.0


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid")


class ConstVal(_Model):
    """A constexpr value in a JSON-safe form."""

    kind: Literal["int", "float", "bool", "none", "str", "dtype", "jit_function"]
    value: Any = None


class KernelSpec(_Model):
    """One specialisation of one @triton.jit kernel: everything `triton.compile` needs."""

    key: str = Field(description="stable hash of name, signature, constexprs, attrs and options")
    role: Literal["captured", "generic"]
    name: str
    qualname: str
    module_file: str
    arg_names: list[str]
    signature: dict[str, Any] = Field(description="arg name -> Triton type ('*fp32', 'i32', 'constexpr')")
    constexprs: list[tuple[list[int], ConstVal]]
    attrs: list[tuple[list[int], list[list[Any]]]]
    options: dict[str, Any] = Field(description="compile options given at launch (num_warps, ...) + debug")


class ArgInfo(_Model):
    name: str
    kind: Literal["tensor", "int", "float", "bool", "none", "constexpr", "other"]
    dtype: str | None = None
    shape: list[int] | None = None
    value: Any = None


class Launch(_Model):
    case: str = Field("problem", description="the suite case that launched it: 'problem' (the problem's own "
                      "shapes) or a boundary-shape case of the verify suite (shape_odd, ...)")
    spec_key: str
    generic_key: str
    grid: list[int]
    args: list[ArgInfo]


class ShapeCase(_Model):
    """A boundary-shape case of the verify suite (verifiers.suite.plan_cases) to capture as well."""

    name: str
    seed: int
    overrides: dict[str, int]


class CaptureResult(_Model):
    status: Literal["ok", "error", "timeout", "no_launches"]
    message: str = ""
    device: Literal["cpu", "cuda"]
    triton_version: str | None = None
    specs: list[KernelSpec] = Field(default_factory=list)
    launches: list[Launch] = Field(default_factory=list)
    cases_skipped: dict[str, str] = Field(default_factory=dict, description="shape case -> why it was not run")
    forward_signature: str | None = Field(None, description="inspect.signature of ModelNew.forward")
    init_signature: str | None = Field(None, description="inspect.signature of ModelNew.__init__")
    seconds: float = 0.0


class CompiledSpec(_Model):
    key: str
    name: str = Field(description="the PTX entry name")
    status: Literal["ok", "error"]
    message: str = ""
    files: dict[str, str] = Field(default_factory=dict, description="asm kind (ttir, ptx, cubin, ...) -> path")
    metadata: dict[str, Any] = Field(default_factory=dict)


class CompileResult(_Model):
    status: Literal["ok", "error", "timeout"]
    message: str = ""
    triton_version: str | None = None
    compiled: list[CompiledSpec] = Field(default_factory=list)
    seconds: float = 0.0


# ----------------------------------------------------------------------------------------------
# parent side
# ----------------------------------------------------------------------------------------------




def _run_worker(mode: str, payload: dict[str, Any], device: str, timeout_s: float,
                results_to: Path | None = None) -> tuple[str, dict | None, str]:
    """The worker runs candidate code: in the OS sandbox (tools/sandbox.py), seeing the files it is
    given read-only and writing only its own folder; what it leaves in that folder's `out/` is moved
    to `results_to` (a compile job's asm files)."""
    import shutil
    import tempfile

    from kagent.tools import forkserver
    from kagent.tools.sandbox import SandboxSpec, Spawned, candidate_env, python_argv

    readable = [payload[k] for k in ("candidate", "reference") if payload.get(k)]
    spec = SandboxSpec(device="cuda" if device == "cuda" else "cpu", read_only=readable,
                       cpu_limit_s=int(timeout_s * 4) + 60)
    # the files go in the worker's scratch folder, its working directory: a forked job sees no /tmp of ours
    argv, env = [*python_argv("kagent.tools.triton_capture"), mode, "in.json", "out.json"], candidate_env(device)
    worker = forkserver.forked(argv, env, None, spec)  # on the CPU: forked from a warm server (imports done)
    if worker is None:
        tmp = Path(tempfile.mkdtemp(prefix=f"kagent-{mode}-"))
        worker = Spawned(argv, env=env, cwd=tmp, spec=spec.model_copy(update={"writable": [str(tmp)]}), scratch=tmp)
    try:
        (worker.scratch / "in.json").write_text(json.dumps(payload))
        res = worker.finish(b"", timeout_s)
        out = worker.scratch / "out.json"
        tail = (res.stdout_tail + res.stderr_tail)[-3000:]
        if res.status == "timeout":
            return "timeout", None, tail
        if not out.is_file():
            return "error", None, f"worker exited {res.returncode} without a result: {tail}"
        if results_to is not None and (worker.scratch / "out").is_dir():
            results_to.mkdir(parents=True, exist_ok=True)
            for f in (worker.scratch / "out").iterdir():
                if f.is_file() and not f.is_symlink():
                    shutil.move(str(f), results_to / f.name)
        return "ok", json.loads(out.read_text()), tail
    finally:
        shutil.rmtree(worker.scratch, ignore_errors=True)


def capture(candidate: str | Path, reference: str | Path | None = None, device: Literal["cpu", "cuda"] = "cpu",
            arch: str = "sm_90a", seed: int = 0, shape_cases: list[ShapeCase] | None = None,
            max_shape_numel: int | None = None, timeout_s: float = CAPTURE_TIMEOUT_S) -> CaptureResult:
    """Run the candidate in a worker (the problem's shapes, then each shape case) and record each
    Triton launch's specialisation."""
    payload = {"candidate": str(Path(candidate).resolve()),
               "reference": str(Path(reference).resolve()) if reference else None,
               "device": device, "arch": arch, "seed": seed,
               "shape_cases": [c.model_dump() for c in shape_cases or []], "max_shape_numel": max_shape_numel}
    status, data, tail = _run_worker("capture", payload, device, timeout_s)
    if status == "timeout":
        return CaptureResult(status="timeout", device=device, message=f"capture ran past {timeout_s:.0f} s: {tail}")
    if data is None:
        return CaptureResult(status="error", device=device, message=tail)
    return CaptureResult.model_validate(data)


def compile_specs(candidate: str | Path, specs: list[KernelSpec], arch: str, out_dir: str | Path,
                  timeout_s: float = CAPTURE_TIMEOUT_S) -> CompileResult:
    """AOT-compile each specialisation (no GPU needed); asm files go to out_dir. The worker writes them
    in its own folder (so that one warm server serves every out_dir) and they are moved here."""
    out_dir = Path(out_dir).resolve()
    payload = {"candidate": str(Path(candidate).resolve()), "arch": arch, "out_dir": "out",
               "specs": [s.model_dump(mode="json") for s in specs]}
    status, data, tail = _run_worker("compile", payload, "compile", timeout_s, results_to=out_dir)
    if status == "timeout":
        return CompileResult(status="timeout", message=f"compile ran past {timeout_s:.0f} s: {tail}")
    if data is None:
        return CompileResult(status="error", message=tail)
    for c in data.get("compiled", []):
        c["files"] = {kind: str(out_dir / Path(path).name) for kind, path in c.get("files", {}).items()}
    return CompileResult.model_validate(data)


# ----------------------------------------------------------------------------------------------
# shared by the workers and the PTX launcher (import triton lazily)
# ----------------------------------------------------------------------------------------------


def load_module(path: str | Path, name: str | None = None):
    """Import a Python file as a fresh module registered in sys.modules (Triton needs inspect)."""
    path = Path(path).resolve()
    name = name or f"kagent_mod_{path.stem}_{hashlib.sha1(str(path).encode()).hexdigest()[:8]}"
    spec = importlib.util.spec_from_file_location(name, path)
    if spec is None or spec.loader is None:
        raise ImportError(f"cannot import {path}")
    mod = importlib.util.module_from_spec(spec)
    sys.modules[name] = mod
    spec.loader.exec_module(mod)
    return mod


def arch_capability(arch: str) -> int:
    from kagent.tools.ptx import arch_to_capability

    return arch_to_capability(arch)


def cuda_backend(arch: str):
    from triton.backends.compiler import GPUTarget
    from triton.compiler import make_backend

    target = GPUTarget("cuda", arch_capability(arch), 32)
    return target, make_backend(target)


def encode_const(v: Any) -> ConstVal:
    cls = v.__class__.__name__
    if v is None:
        return ConstVal(kind="none")
    if isinstance(v, bool):
        return ConstVal(kind="bool", value=v)
    if isinstance(v, int):
        return ConstVal(kind="int", value=v)
    if isinstance(v, float):
        return ConstVal(kind="float", value=v)
    if isinstance(v, str):
        return ConstVal(kind="str", value=v)
    if cls == "constexpr":
        return encode_const(v.value)
    if cls == "dtype" or cls.endswith("_dtype"):
        return ConstVal(kind="dtype", value=str(v))
    if cls in ("JITFunction", "InterpretedFunction"):
        fn = v.fn
        return ConstVal(kind="jit_function", value=f"{fn.__code__.co_filename}::{fn.__qualname__}")
    raise TypeError(f"constexpr of type {cls} is not supported by the lowering: {v!r}")


def decode_const(c: ConstVal, resolve_jit=None) -> Any:
    if c.kind == "dtype":
        import triton.language as tl

        return tl.dtype(c.value)
    if c.kind == "jit_function":
        if resolve_jit is None:
            raise ValueError("a jit_function constexpr needs a resolver")
        return resolve_jit(c.value)
    return c.value


def _jsonable(v: Any) -> Any:
    if isinstance(v, tuple):
        return [_jsonable(x) for x in v]
    if isinstance(v, list):
        return [_jsonable(x) for x in v]
    if isinstance(v, dict):
        return {str(k): _jsonable(x) for k, x in v.items()}
    if isinstance(v, (int, float, str, bool)) or v is None:
        return v
    return str(v)


def _tupleize(v: Any) -> Any:
    return tuple(_tupleize(x) for x in v) if isinstance(v, list) else v


def spec_key(name: str, qualname: str, signature: dict, constexprs: list, attrs: list, options: dict) -> str:
    blob = json.dumps([name, qualname, signature, [[p, c.model_dump()] for p, c in constexprs], attrs, options],
                      sort_keys=True, default=str)
    return hashlib.sha256(blob.encode()).hexdigest()[:16]


OPTION_KEYS = ("num_warps", "num_stages", "num_ctas", "maxnreg", "enable_fp_fusion", "launch_cooperative_grid",
               "launch_pdl", "max_num_imprecise_acc_default", "ptx_version", "sanitize_overflow", "debug")


def as_jit_function(fn, generic: bool = False):
    """The JITFunction behind fn (a JITFunction or the interpreter's InterpretedFunction);
    generic=True gives one that specialises on nothing (no divisibility, no int==1)."""
    from triton.runtime.jit import JITFunction

    if isinstance(fn, JITFunction) and not generic:
        return fn
    base = fn.fn
    kwargs = dict(getattr(fn, "kwargs", {}) or {})
    if isinstance(fn, JITFunction):
        kwargs = {"debug": fn.debug, "noinline": fn.noinline}
    if generic:
        probe = JITFunction(base)
        names = [p.name for p in probe.params if not p.is_constexpr]
        kwargs["do_not_specialize"] = names
        kwargs["do_not_specialize_on_alignment"] = names
    return JITFunction(base, **{k: v for k, v in kwargs.items()
                                if k in ("version", "do_not_specialize", "do_not_specialize_on_alignment",
                                         "debug", "noinline", "repr", "launch_metadata")})


class Specializer:
    """Computes Triton's own specialisation of a launch, with the CUDA backend, without a GPU."""

    def __init__(self, arch: str):
        self.arch = arch
        self.target, self.backend = cuda_backend(arch)
        self._binders: dict[int, tuple[Any, Any]] = {}

    def _binder(self, jf):
        from triton.runtime.jit import create_function_from_signature

        entry = self._binders.get(id(jf))
        if entry is None or entry[0] is not jf:
            entry = (jf, create_function_from_signature(jf.signature, jf.params, self.backend))
            self._binders[id(jf)] = entry
        return entry[1]

    def specialize(self, jf, args: tuple, kwargs: dict, role: Literal["captured", "generic"]) -> tuple[KernelSpec, dict]:
        from triton import knobs

        kwargs = dict(kwargs)
        kwargs["debug"] = kwargs.get("debug", jf.debug) or knobs.runtime.debug
        bound, specialization, options = self._binder(jf)(*args, **kwargs)
        options, signature, constexprs, attrs = jf._pack_args(self.backend, kwargs, bound, specialization, options)
        fn = jf.fn
        sig = {k: _jsonable(v) for k, v in signature.items()}
        cx = [(list(p), encode_const(v)) for p, v in constexprs.items()]
        at = [(list(p), _jsonable(v)) for p, v in attrs.items()]
        opts = {k: _jsonable(kwargs[k]) for k in OPTION_KEYS if k in kwargs and kwargs[k] is not None}
        key = spec_key(fn.__name__, fn.__qualname__, sig, cx, at, opts)
        spec = KernelSpec(key=key, role=role, name=fn.__name__, qualname=fn.__qualname__,
                          module_file=fn.__code__.co_filename, arg_names=list(jf.arg_names), signature=sig,
                          constexprs=cx, attrs=at, options=opts)
        return spec, bound


def _arg_info(name: str, v: Any, is_constexpr: bool) -> ArgInfo:
    if is_constexpr:
        try:
            return ArgInfo(name=name, kind="constexpr", value=encode_const(v).value)
        except TypeError:
            return ArgInfo(name=name, kind="constexpr", value=repr(v))
    if hasattr(v, "data_ptr") and hasattr(v, "dtype"):
        return ArgInfo(name=name, kind="tensor", dtype=str(v.dtype), shape=list(v.shape))
    if v is None:
        return ArgInfo(name=name, kind="none")
    if isinstance(v, bool):
        return ArgInfo(name=name, kind="bool", value=v)
    if isinstance(v, int):
        return ArgInfo(name=name, kind="int", value=v)
    if isinstance(v, float):
        return ArgInfo(name=name, kind="float", value=v)
    return ArgInfo(name=name, kind="other", value=repr(v)[:80])


def normalize_grid(grid: Any, bound: dict) -> list[int]:
    if callable(grid):
        grid = grid(bound)
    grid = tuple(int(g) for g in grid)
    return list(grid + (1,) * (3 - len(grid)))


# ----------------------------------------------------------------------------------------------
# workers
# ----------------------------------------------------------------------------------------------


def load_problem(candidate: str, reference: str | None):
    """(candidate module, get_inputs, get_init_inputs) of a KernelBench candidate."""
    cand = load_module(candidate)
    ref = load_module(reference) if reference else cand
    for attr in ("get_inputs", "get_init_inputs"):
        if not hasattr(ref, attr):
            where = reference or candidate
            raise AttributeError(f"{where} defines no {attr}() (pass the reference problem with --reference)")
    if not hasattr(cand, "ModelNew"):
        raise AttributeError(f"{candidate} defines no class ModelNew")
    return cand, ref.get_inputs, ref.get_init_inputs


def _to_device(x: Any, device: str) -> Any:
    if hasattr(x, "to") and hasattr(x, "dtype"):
        return x.to(device)
    return x


def _capture_worker(payload: dict) -> dict:
    import inspect

    t0 = time.time()
    device = payload["device"]
    import torch
    import triton
    from triton.runtime.jit import JITFunction

    specializer = Specializer(payload["arch"])
    specs: dict[str, KernelSpec] = {}
    launches: list[Launch] = []
    current = {"case": "problem"}

    def record(fn, args, kwargs, grid):
        jf = as_jit_function(fn)
        spec, bound = specializer.specialize(jf, args, kwargs, "captured")
        gspec, _ = specializer.specialize(as_jit_function(fn, generic=True), args, kwargs, "generic")
        specs.setdefault(spec.key, spec)
        specs.setdefault(gspec.key, gspec)
        cx = set(jf.constexprs)
        infos = [_arg_info(n, bound[n], i in cx) for i, n in enumerate(jf.arg_names)]
        launches.append(Launch(case=current["case"], spec_key=spec.key, generic_key=gspec.key,
                               grid=normalize_grid(grid, bound), args=infos))

    orig_jit_run = JITFunction.run

    def jit_run(self, *args, grid, warmup, **kwargs):
        if not warmup:
            record(self, args, kwargs, grid)
        return orig_jit_run(self, *args, grid=grid, warmup=warmup, **kwargs)

    JITFunction.run = jit_run
    if device == "cpu":
        from triton.runtime.interpreter import InterpretedFunction

        orig_interp_run = InterpretedFunction.run

        def interp_run(self, *args, grid, warmup, **kwargs):
            if not warmup:
                record(self, args, kwargs, grid)
            return orig_interp_run(self, *args, grid=grid, warmup=warmup, **kwargs)

        InterpretedFunction.run = interp_run

    cand, get_inputs, get_init_inputs = load_problem(payload["candidate"], payload.get("reference"))
    torch.manual_seed(payload.get("seed", 0))
    init = get_init_inputs()
    _forward_once(cand, init, get_inputs(), device, payload.get("seed", 0))
    skipped: dict[str, str] = {}
    for raw in payload.get("shape_cases") or []:
        case = ShapeCase.model_validate(raw)
        current["case"] = case.name
        why = _run_shape_case(payload, case, device, cand)
        if why:
            skipped[case.name] = why
    result = CaptureResult(
        status="ok" if launches else "no_launches",
        message="" if launches else "the candidate launched no Triton kernel",
        device=device, triton_version=triton.__version__, specs=list(specs.values()), launches=launches,
        cases_skipped=skipped,
        forward_signature=str(inspect.signature(cand.ModelNew.forward)),
        init_signature=str(inspect.signature(cand.ModelNew.__init__)), seconds=time.time() - t0)
    return result.model_dump(mode="json")


def _forward_once(owner, init: list, inputs: list, device: str, seed: int) -> None:
    """Build owner.ModelNew(*init) (seeded, as verify does) and run one forward on `inputs`."""
    import torch

    torch.manual_seed(seed)
    model = owner.ModelNew(*init)
    if device == "cuda":
        model = model.cuda()
        inputs = [_to_device(x, "cuda") for x in inputs]
    with torch.no_grad():
        model(*inputs)
    if device == "cuda":
        torch.cuda.synchronize()


def _run_shape_case(payload: dict, case: ShapeCase, device: str, cand) -> str | None:
    """Run ModelNew on one boundary-shape case the way verify's workers build it: the problem file
    re-executed with the shape constants overridden (the candidate too when it is the problem file);
    the reason when the case is not run (too large, or the problem or candidate rejects it)."""
    import torch

    from kagent.tools.problem import exec_module

    reference = payload.get("reference")
    tag = hashlib.sha1(case.name.encode()).hexdigest()[:8]
    try:
        problem = exec_module(Path(reference or payload["candidate"]), f"kagent_capture_problem_{tag}",
                              case.overrides)
        owner = problem if reference is None else cand  # the module whose ModelNew verify builds
        torch.manual_seed(case.seed)
        inputs = list(problem.get_inputs())
        init = list(problem.get_init_inputs()) if hasattr(problem, "get_init_inputs") else []
        numel = sum(x.numel() for x in inputs if isinstance(x, torch.Tensor))
        limit = payload.get("max_shape_numel")
        if limit is not None and numel > limit:
            return f"inputs hold {numel} elements (limit {limit})"
        _forward_once(owner, init, inputs, device, payload.get("seed", 0))
    except Exception as e:  # verify skips a shape the reference rejects; record why, go on
        return f"{type(e).__name__}: {e}"[:500]
    return None


def find_jit_function(module, qualname: str, name: str, module_file: str):
    """The JITFunction named qualname in module (or in any loaded module from module_file)."""
    from triton.runtime.jit import JITFunction

    def unwrap(obj):
        seen = 0
        while obj is not None and not isinstance(obj, JITFunction) and hasattr(obj, "fn") and seen < 8:
            obj, seen = obj.fn, seen + 1
        return obj if isinstance(obj, JITFunction) else None

    mods = [module] + [m for m in list(sys.modules.values())
                       if getattr(m, "__file__", None) and os.path.abspath(m.__file__) == os.path.abspath(module_file)]
    for mod in mods:
        for obj in list(vars(mod).values()):
            jf = unwrap(obj)
            if jf is not None and jf.fn.__qualname__ == qualname and jf.fn.__name__ == name:
                return jf
    raise LookupError(f"no @triton.jit function {qualname} found in {module_file}")


def _compile_worker(payload: dict) -> dict:
    t0 = time.time()
    import triton
    from triton.compiler import ASTSource

    arch = payload["arch"]
    out_dir = Path(payload["out_dir"])
    out_dir.mkdir(parents=True, exist_ok=True)
    target, backend = cuda_backend(arch)
    cand = load_module(payload["candidate"])
    compiled: list[CompiledSpec] = []
    for raw in payload["specs"]:
        spec = KernelSpec.model_validate(raw)
        try:
            jf = find_jit_function(cand, spec.qualname, spec.name, spec.module_file)
            # the generic role differs only in signature/attrs (no specialisation), which ASTSource takes as given
            jf_use = jf

            def resolve(ref: str):
                path, qn = ref.split("::", 1)
                return find_jit_function(cand, qn, qn.rsplit(".", 1)[-1], path)

            signature = {k: _tupleize(v) for k, v in spec.signature.items()}
            constexprs = {tuple(p): decode_const(c, resolve) for p, c in spec.constexprs}
            attrs = {tuple(p): v for p, v in spec.attrs}
            options = backend.parse_options(dict(spec.options))
            src = ASTSource(jf_use, signature, constexprs, attrs)
            k = triton.compile(src, target=target, options=options.__dict__)
            stem = f"{spec.name}_{spec.key[:8]}"
            files = {}
            for kind, blob in k.asm.items():
                ext = {"cubin": "cubin", "ptx": "ptx", "ttir": "ttir", "ttgir": "ttgir", "llir": "ll"}.get(kind)
                if ext is None:
                    continue
                p = out_dir / f"{stem}.{ext}"
                if isinstance(blob, bytes):
                    p.write_bytes(blob)
                else:
                    p.write_text(blob)
                files[kind] = str(p)
            meta = {k2: _jsonable(v) for k2, v in k.metadata._asdict().items() if k2 != "extern_libs"}
            compiled.append(CompiledSpec(key=spec.key, name=k.metadata.name, status="ok", files=files, metadata=meta))
        except Exception as e:  # a compile failure of one kernel is a result, not a crash
            log.debug("compile of %s failed", spec.name, exc_info=True)
            compiled.append(CompiledSpec(key=spec.key, name=spec.name, status="error",
                                         message=f"{type(e).__name__}: {e}"[:2000]))
    status = "ok" if all(c.status == "ok" for c in compiled) else "error"
    return CompileResult(status=status, triton_version=triton.__version__, compiled=compiled,
                         message="" if status == "ok" else "some kernels failed to compile",
                         seconds=time.time() - t0).model_dump(mode="json")


def _main(argv: list[str]) -> int:
    mode, inp, out = argv
    payload = json.loads(Path(inp).read_text())
    try:
        if mode == "capture":
            data = _capture_worker(payload)
        elif mode == "compile":
            data = _compile_worker(payload)
        else:
            raise SystemExit(f"unknown mode {mode}")
    except Exception as e:  # report the candidate's failure as data for the parent
        import traceback

        msg = f"{type(e).__name__}: {e}\n{traceback.format_exc()[-2500:]}"
        if mode == "capture":
            data = CaptureResult(status="error", device=payload.get("device", "cpu"), message=msg).model_dump(mode="json")
        else:
            data = CompileResult(status="error", message=msg).model_dump(mode="json")
    Path(out).write_text(json.dumps(data))
    return 0


if __name__ == "__main__":
    sys.exit(_main(sys.argv[1:]))
