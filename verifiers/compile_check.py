"""Every kernel a candidate launches under the CPU interpreter must also be a GPU kernel.

Under TRITON_INTERPRET=1 a @triton.jit body is plain Python: ctypes on the pointer arguments' raw
addresses, math.exp on the host, a lookup of precomputed answers all run there, and none of it is an
ATen operator. Triton's real frontend rejects all of that. So on CPU, each launch of the first case is
specialised in the candidate's worker (Triton's own binder with the CUDA backend, as `kagent lower`
does: tools/triton_capture.Specializer) and the kernel is compiled to TTIR in a second worker that
imports the candidate WITHOUT the interpreter (Triton cannot run interpreted and compiled kernels in
one process). A kernel whose body does not compile is a `cheat` finding naming the kernel and the
compiler's message. The worker is started alongside the main one (it imports torch and Triton while
the candidate runs) and results are cached by the kernel's source and specialisation. Off on CUDA:
there the real compiler already runs.

Worker side: `launch_specs` (in the harness) and `main` (`python -m kagent.verifiers.compile_check`,
the job on stdin, the result as one JSON line on stdout).
"""

from __future__ import annotations

import hashlib
import json
import os
import sys
import tempfile
from pathlib import Path
from typing import Any

from kagent.config import cache_dir
from kagent.log import get_logger
from kagent.redact import redact
from kagent.report import CheckNotRun, Finding
from kagent.procs import cores_to_overlap
from kagent.tools import forkserver
from kagent.tools.sandbox import SandboxSpec, Spawned, candidate_env, python_argv

log = get_logger("verifiers.compile_check")

ARCH = "sm_90a"
_VERSION = "v1"
_MODULE = "kagent.verifiers.compile_check"
# environment switches that make Triton's frontend accept what a GPU build of the candidate would not
_LOOSENERS = ("TRITON_ALLOW_NON_CONSTEXPR_GLOBALS", "TRITON_INTERPRET")


def source_sha(jf: Any) -> str:
    return hashlib.sha256((getattr(jf, "src", "") or "").encode()).hexdigest()[:16]


# --- in the candidate's worker --------------------------------------------------------------------


def launch_specs(launches: list[tuple[Any, tuple, dict]]) -> tuple[list[dict], str | None]:
    """(fn, args, kwargs) of each recorded launch -> the distinct specialisations, JSON-ready, each
    with the kernel's source digest; or ([], why) when they cannot be computed."""
    from kagent.tools.triton_capture import Specializer, as_jit_function

    try:
        specializer = Specializer(ARCH)
    except Exception as e:  # no CUDA backend in this Triton build: the check cannot run
        return [], f"Triton's CUDA backend is not available here ({type(e).__name__}: {e})"
    out: dict[str, dict] = {}
    for fn, args, kwargs in launches:
        jf = as_jit_function(fn)
        try:
            spec, _ = specializer.specialize(jf, args, {k: v for k, v in kwargs.items() if k != "grid"}, "captured")
        except Exception as e:  # an argument Triton's binder rejects: the compile worker reports it
            log.debug("specialising %s failed", getattr(jf.fn, "__name__", jf), exc_info=True)
            name = getattr(jf.fn, "__name__", "?")
            out.setdefault(f"bind:{name}", {"name": name, "bind_error": f"{type(e).__name__}: {e}"[:500],
                                            "source_sha": source_sha(jf)})
            continue
        out.setdefault(spec.key, {"spec": spec.model_dump(mode="json"), "name": spec.name,
                                  "source_sha": source_sha(jf)})
    return list(out.values()), None


# --- the compile worker ---------------------------------------------------------------------------


def _guarded() -> dict[str, Any]:
    """The frontend entry points a candidate's import could replace to make any body 'compile'."""
    from triton.compiler import code_generator, compiler

    return {"ASTSource.make_ir": compiler.ASTSource.__dict__["make_ir"],
            "ast_to_ttir": code_generator.ast_to_ttir,
            "CodeGenerator.visit_Call": code_generator.CodeGenerator.__dict__["visit_Call"],
            "CodeGenerator.visit": code_generator.CodeGenerator.visit}


def _installed(path: str) -> bool:
    import sysconfig

    roots = {os.path.realpath(p) for p in (sysconfig.get_paths()["purelib"], sysconfig.get_paths()["platlib"],
                                            sys.base_prefix) if p}
    real = os.path.realpath(path)
    return any(real.startswith(r + os.sep) for r in roots)


def _compile_one(entry: dict, module: Any, target: Any, backend: Any) -> dict:
    from triton._C.libtriton import ir
    from triton.compiler import ASTSource

    from kagent.tools.triton_capture import KernelSpec, decode_const, find_jit_function

    spec = KernelSpec.model_validate(entry["spec"])
    staged = os.path.realpath(module.__file__)
    if _installed(spec.module_file):  # a library's kernel (the sandbox keeps the install read-only)
        return {"status": "ok", "message": "installed package"}
    if os.path.basename(spec.module_file) != os.path.basename(staged):
        return {"status": "foreign", "message": f"defined in {spec.module_file}, not in the candidate's file"}
    jf = find_jit_function(module, spec.qualname, spec.name, module.__file__)
    if source_sha(jf) != entry["source_sha"]:
        return {"status": "differs", "message": "a fresh import of the candidate defines this kernel with "
                                                 "another body than the one it launched"}

    def resolve(ref: str):
        qn = ref.split("::", 1)[1]
        return find_jit_function(module, qn, qn.rsplit(".", 1)[-1], module.__file__)

    signature = {k: tuple(v) if isinstance(v, list) else v for k, v in spec.signature.items()}
    constexprs = {tuple(p): decode_const(c, resolve) for p, c in spec.constexprs}
    attrs = {tuple(p): v for p, v in spec.attrs}
    options = backend.parse_options({k: v for k, v in spec.options.items() if k != "debug"})
    ctx = ir.context()
    ir.load_dialects(ctx)
    backend.load_dialects(ctx)
    try:
        ASTSource(jf, signature, constexprs, attrs).make_ir(
            target, options, backend.get_codegen_implementation(options), backend.get_module_map(), ctx)
    except Exception as e:  # the compiler's rejection is the result
        return {"status": "error", "message": f"{type(e).__name__}: {e}"[:1500]}
    return {"status": "ok", "message": ""}


def _as_compiled(module: Any) -> None:
    """Replace each interpreted @triton.jit function among the module's globals by a JITFunction of
    the same Python function (callees must be JITFunctions for the code generator). The candidate was
    imported exactly as in its own worker (TRITON_INTERPRET=1): its import cannot tell the two apart."""
    from triton.runtime.interpreter import InterpretedFunction

    from kagent.tools.triton_capture import as_jit_function

    for name, obj in list(vars(module).items()):
        holder, inner, depth = None, obj, 0
        while inner is not None and not isinstance(inner, InterpretedFunction) and hasattr(inner, "fn") and depth < 8:
            holder, inner, depth = inner, inner.fn, depth + 1
        if isinstance(inner, InterpretedFunction):
            jf = as_jit_function(inner)
            if holder is None:
                setattr(module, name, jf)
            else:
                holder.fn = jf


def _work(job: dict) -> dict:
    # Triton itself is imported without the interpreter (its own @jit library functions, tl.max and
    # the like, must be JITFunctions); the candidate is imported with it, as in its own worker
    import triton  # noqa: F401
    import triton.language  # noqa: F401

    from kagent.tools.triton_capture import cuda_backend, load_module

    target, backend = cuda_backend(ARCH)
    before = _guarded()
    os.environ["TRITON_INTERPRET"] = "1"
    try:
        module = load_module(job["candidate"])
    except BaseException as e:  # noqa: BLE001 - the candidate's import failing is a result
        return {"status": "import_error", "message": f"{type(e).__name__}: {e}"[:1000]}
    for k in _LOOSENERS:  # the candidate's import may have set them; the frontend runs without
        os.environ.pop(k, None)
    _reset_knobs()
    changed = [k for k, v in _guarded().items() if v is not before[k]]
    if changed:
        return {"status": "tampered", "message": f"importing the candidate replaced Triton's {', '.join(changed)}"}
    _as_compiled(module)
    results = {}
    for entry in job["entries"]:
        try:
            results[entry["key"]] = _compile_one(entry, module, target, backend)
        except Exception as e:  # a lookup failure of one kernel is a result, not a crash
            results[entry["key"]] = {"status": "unresolved", "message": f"{type(e).__name__}: {e}"[:500]}
    return {"status": "ok", "results": results}


def _reset_knobs() -> None:
    from triton import knobs

    for holder in (getattr(knobs, "compilation", None), getattr(knobs, "runtime", None)):
        for attr in ("allow_non_constexpr_globals", "interpret"):
            if holder is not None and attr in type(holder).__dict__:
                try:
                    setattr(holder, attr, False)
                except (AttributeError, TypeError):
                    log.debug("cannot reset knobs %s", attr)


def _warm_up() -> None:
    """What every job needs, imported before the job is read (the worker is spawned alongside the
    candidate's and waits): torch, Triton without the interpreter, the CUDA backend, the frontend."""
    import torch  # noqa: F401
    import triton.language  # noqa: F401
    from triton.compiler import code_generator  # noqa: F401

    from kagent.tools import triton_capture

    triton_capture.cuda_backend(ARCH)


def main() -> int:
    _warm_up()
    job = json.loads(sys.stdin.read())
    try:
        out = _work(job)
    except Exception as e:  # report as data
        out = {"status": "worker_error", "message": f"{type(e).__name__}: {e}"[:1000]}
    sys.stdout.write("\n@@KAGENT_COMPILE@@" + json.dumps(out) + "\n")
    sys.stdout.flush()
    return 0


# --- the parent -----------------------------------------------------------------------------------


def _entry_key(entry: dict) -> str:
    import triton

    blob = json.dumps([entry.get("spec"), entry.get("source_sha"), entry.get("bind_error"), triton.__version__,
                       _VERSION], sort_keys=True, default=str)
    return hashlib.sha256(blob.encode()).hexdigest()[:24]


def _cache_path() -> Path:
    return cache_dir() / "compile_check"


def _cached(key: str) -> dict | None:
    p = _cache_path() / f"{key}.json"
    try:
        return json.loads(p.read_text())
    except (OSError, json.JSONDecodeError):
        return None


def _store(key: str, result: dict) -> None:
    if result.get("status") not in ("ok", "error"):  # only the compiler's own answers are kept
        return
    folder = _cache_path()
    folder.mkdir(parents=True, exist_ok=True)
    tmp = folder / f".{key}.{os.getpid()}"
    tmp.write_text(json.dumps(result))
    os.replace(tmp, folder / f"{key}.json")


class CompileCheck:
    """The compile worker, spawned now (imports run while the candidate's worker runs), given the
    recorded launches by `findings` once that worker is done."""

    def __init__(self, candidate_source: str, memory_limit_mb: int | None, timeout_s: float,
                 sandbox: SandboxSpec) -> None:
        self.timeout_s = timeout_s
        self._args = (memory_limit_mb, sandbox)
        self._index = _cache_path() / f"src_{hashlib.sha256(candidate_source.encode()).hexdigest()[:24]}.json"
        self.worker: Spawned | forkserver.Forked | None = None
        self.spawned = False  # whether this check started a compile worker at all
        try:
            known = json.loads(self._index.read_text())
        except (OSError, json.JSONDecodeError):
            known = None
        # a first verify of this source: start now, where there are cores to overlap on (on two, a worker
        # whose kernels turn out to be cached, as after an edit of host code, would only take CPU away)
        if (not known or any(_cached(k) is None for k in known)) and cores_to_overlap():
            self._spawn()

    def _spawn(self) -> Spawned | forkserver.Forked:
        if self.worker is None:
            self.spawned = True
            env = {k: v for k, v in candidate_env("cpu").items() if k not in _LOOSENERS}  # set again in _work
            argv = python_argv(_MODULE)
            self.worker = (forkserver.forked(argv, env, self._args[0], self._args[1])
                           or Spawned(argv, env=env, cwd=Path(tempfile.gettempdir()), memory_limit_mb=self._args[0],
                                      spec=self._args[1]))
        return self.worker

    def findings(self, candidate: Path, events: list[dict],
                 skip_unknown: str | None = None) -> tuple[list[Finding], list[CheckNotRun]]:
        """skip_unknown: why kernels the cache does not know are not compiled now (only what it knows
        is judged), when no worker was started for them."""
        rec = next((e for e in events if e["event"] == "case_done" and "kernel_specs" in e), None)
        if rec is None:
            return [], [CheckNotRun(check="compile.ttir", reason="the first case recorded no Triton launch")]
        if rec.get("kernel_specs_error"):
            return [], [CheckNotRun(check="compile.ttir", reason=rec["kernel_specs_error"])]
        entries = [{**e, "key": _entry_key(e)} for e in rec["kernel_specs"]]
        results = {e["key"]: r for e in entries if (r := _cached(e["key"])) is not None}
        todo = [e for e in entries if e["key"] not in results and "bind_error" not in e]
        for e in entries:
            if "bind_error" in e:
                results[e["key"]] = {"status": "error", "message": e["bind_error"]}
        if todo and skip_unknown and self.worker is None:
            return self._judge([e for e in entries if e["key"] in results], results), [
                CheckNotRun(check="compile.ttir", reason=skip_unknown)]
        if todo:
            got, why = self._run(candidate, todo)
            if got is None:
                return [], [CheckNotRun(check="compile.ttir", reason=why or "the compile worker gave no result")]
            if got.get("status") != "ok":
                return self._whole_failure(got, entries)
            for e in todo:
                r = got["results"].get(e["key"], {"status": "unresolved", "message": "no result"})
                results[e["key"]] = r
                _store(e["key"], r)
        else:
            self.close()
        if all(r.get("status") in ("ok", "error") for r in results.values()):
            _cache_path().mkdir(parents=True, exist_ok=True)
            self._index.write_text(json.dumps(sorted(results)))
        return self._judge(entries, results), []

    def _run(self, candidate: Path, todo: list[dict]) -> tuple[dict | None, str | None]:
        worker = self._spawn()
        staged = worker.scratch / "candidate" / candidate.name
        staged.parent.mkdir(parents=True, exist_ok=True)
        staged.write_bytes(candidate.read_bytes())
        job = {"candidate": str(staged), "entries": todo}
        try:
            res = worker.finish(json.dumps(job).encode(), self.timeout_s)
        finally:
            self.close()
        marker = "@@KAGENT_COMPILE@@"
        line = next((ln for ln in reversed(res.stdout_tail.splitlines()) if ln.startswith(marker)), None)
        if line is None:
            return None, f"the compile worker ended ({res.status}) without a result: {res.stderr_tail[-300:]}"
        try:
            return json.loads(line[len(marker):]), None
        except json.JSONDecodeError:
            return None, "the compile worker's result was cut short"

    @staticmethod
    def _whole_failure(got: dict, entries: list[dict]) -> tuple[list[Finding], list[CheckNotRun]]:
        names = sorted({e["name"] for e in entries})
        msg = redact(got.get("message", ""))
        if got["status"] == "tampered":
            return [Finding(check="compile.ttir", severity="error", failure_class="cheat",
                            message=f"{msg}: the kernels it launched ({', '.join(names)}) could not be checked "
                                    "against Triton's compiler", evidence={"kernels": names})], []
        if got["status"] == "import_error":
            # imports under the interpreter (it ran), not without it: a GPU build of it would not load either
            return [Finding(check="compile.ttir", severity="error", failure_class="cheat",
                            message=f"the candidate ran under the Triton interpreter but does not import without "
                                    f"it ({msg}): its kernels ({', '.join(names)}) are not checked GPU kernels",
                            evidence={"kernels": names})], []
        return [], [CheckNotRun(check="compile.ttir", reason=f"the compile worker failed: {msg[:300]}")]

    @staticmethod
    def _judge(entries: list[dict], results: dict[str, dict]) -> list[Finding]:
        out: list[Finding] = []
        seen: set[str] = set()
        for e in entries:
            r = results[e["key"]]
            if r["status"] == "ok" or e["name"] in seen:
                continue
            seen.add(e["name"])
            msg = redact(r.get("message", ""))
            lines = [ln for ln in msg.splitlines() if ln.strip()]
            first = (f"{lines[0]} {lines[-1]}" if len(lines) > 1 else msg)[:500]
            why = {"error": "does not compile with Triton's compiler (to TTIR, CUDA target)",
                   "differs": "is not the kernel a fresh import defines",
                   "foreign": "was defined outside the candidate's file",
                   "unresolved": "could not be found in a fresh import of the candidate"}.get(r["status"], r["status"])
            out.append(Finding(check="compile.ttir", severity="error", failure_class="cheat",
                               message=f"kernel {e['name']} {why}: {first}; under the CPU interpreter its body ran "
                                       "as plain Python, which no GPU build would run",
                               evidence={"kernel": e["name"], "status": r["status"], "compiler": msg[:1500]}))
        return out

    def close(self) -> None:
        import shutil

        if self.worker is not None:
            if self.worker.alive():
                self.worker.kill()
            shutil.rmtree(self.worker.scratch, ignore_errors=True)
            self.worker = None


if __name__ == "__main__":
    sys.exit(main())
