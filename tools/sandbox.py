"""Run untrusted code in a separate process: an OS sandbox, a timeout, limits, a scrubbed environment.

Every process that runs candidate code (verify's reference and candidate workers, capture, the PTX
differential) starts here. On Linux it runs inside bubblewrap (`bwrap`), or `unshare` where bwrap
is missing:

- bwrap: the whole filesystem read-only; /tmp and HOME private and empty; one writable scratch
  folder bound in (the job's output folder); kagent's cache hidden except the reference inputs
  (read-only) and the Triton / extension caches; the paths the caller names hidden (the reference
  file, the run directory, the candidate's own folder); a new PID namespace (no /proc of kagent
  or of the user's shell) and no network; /dev bound as is on CUDA (the GPU device nodes).
- unshare: PID and network namespaces only (no filesystem isolation).
- none: neither works here. The report says so (`sandbox: none`); `--require-sandbox` refuses.

Everything the candidate spawns dies with it: the PID namespace ends with its first process,
bwrap's --die-with-parent and the worker's parent-death signal end that when its owner dies, and an
RLIMIT_CPU bounds a process that escapes all of these. The environment is built from an allow-list
(no API keys or tokens reach candidate code). Whatever happens comes back as a `SandboxResult`.
"""

from __future__ import annotations

import functools
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, Field

from kagent.log import get_logger
from kagent.redact import redact

log = get_logger("tools.sandbox")

SandboxKind = Literal["bwrap", "unshare", "none"]

# Variables a worker may inherit. Everything else is dropped.
_ALLOWED = {
    "PATH", "HOME", "USER", "LOGNAME", "LANG", "LANGUAGE", "TERM", "TZ", "TMPDIR", "SHELL",
    "PYTHONPATH", "PYTHONHASHSEED", "LD_LIBRARY_PATH", "VIRTUAL_ENV",
    "CUDA_VISIBLE_DEVICES", "CUDA_HOME", "CUDA_PATH", "CUDA_DEVICE_ORDER", "NVIDIA_VISIBLE_DEVICES",
    "HIP_VISIBLE_DEVICES", "ROCR_VISIBLE_DEVICES",
    "TORCH_CUDA_ARCH_LIST", "TRITON_PTXAS_PATH", "TRITON_LIBCUDA_PATH", "CC", "CXX",
    "NCCL_NVLS_ENABLE", "TORCH_SYMM_MEM_DISABLE_MULTICAST", "NVSHMEM_DISABLE_NVLS",
    "OMP_NUM_THREADS", "MKL_NUM_THREADS",
}
_ALLOWED_PREFIXES = ("LC_",)
# Even an allowed name is dropped if it looks like a secret.
_SECRET = re.compile(r"(KEY|TOKEN|SECRET|PASSWORD|PASSWD|CREDENTIAL|AUTH|COOKIE|SESSION)", re.I)


def scrubbed_env(extra: dict[str, str] | None = None, base: dict[str, str] | None = None) -> dict[str, str]:
    source = os.environ if base is None else base
    env = {
        k: v
        for k, v in source.items()
        if (k in _ALLOWED or k.startswith(_ALLOWED_PREFIXES)) and not _SECRET.search(k)
    }
    env.update(extra or {})
    return env


# set in a CUDA candidate worker's environment: a worker that starts before its job opens and closes one
# CUDA profiler session while it waits (CUPTI's first start costs ~5 s on an H200; verifiers/harness.py)
WARM_PROFILER_ENV = "KAGENT_WARM_PROFILER"


def candidate_env(device: str, extra: dict[str, str] | None = None) -> dict[str, str]:
    """The environment of any process that runs candidate code (verify, capture, PTX differential):
    scrubbed, with kagent's own Triton/extension caches; on CPU the Triton interpreter and no GPU."""
    from kagent.config import cache_dir

    root = cache_dir()
    env = {
        "TRITON_CACHE_DIR": str(root / "triton"),
        "TORCH_EXTENSIONS_DIR": str(root / "torch_extensions"),
        "PYTHONUNBUFFERED": "1",
        "PYTHONDONTWRITEBYTECODE": "1",  # the tree is read-only in the sandbox: no .pyc writes
        "OMP_NUM_THREADS": "1",
        # torch.compile runs eagerly: the same results, no Inductor build (tens of seconds of C++ on CPU)
        # and every torch operator on the dispatcher for provenance. Speed only: code that turns Dynamo
        # back on meets the same checks as before.
        "TORCHDYNAMO_DISABLE": "1",
    }
    if device == "cpu":
        env["TRITON_INTERPRET"] = "1"
        env["CUDA_VISIBLE_DEVICES"] = ""
    return scrubbed_env({**env, **(extra or {})})


# --- the OS sandbox -----------------------------------------------------------------------------


class SandboxSpec(BaseModel):
    """What one sandboxed process may see, besides the read-only system and its own scratch folder."""

    device: str = Field("cpu", description="cuda binds the host's /dev (GPU device nodes); otherwise a minimal /dev")
    hide: list[str] = Field(default_factory=list, description="files and folders made unreachable (reference, run dir)")
    read_only: list[str] = Field(default_factory=list, description="paths shown read-only inside hidden ones")
    writable: list[str] = Field(default_factory=list, description="paths besides the scratch folder it may write")
    cpu_limit_s: int | None = Field(None, description="RLIMIT_CPU of the process and all it starts")
    host_view: bool = Field(False, description="the host's /tmp and HOME read-only instead of private ones (a "
                            "fork server, whose jobs cover them again: tools/jobns.py)")


_FORCED = "KAGENT_SANDBOX"  # bwrap | unshare | none: pin the mechanism (tests; machines without namespaces)


@functools.lru_cache(maxsize=None)
def _works(kind: SandboxKind) -> bool:
    if kind == "none":
        return True
    probe = _wrap(kind, ["/bin/true"], SandboxSpec(), Path(tempfile.gettempdir()))
    if shutil.which(probe[0]) is None:
        return False
    try:
        done = subprocess.run(probe, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                              timeout=20, check=False)
    except (OSError, subprocess.TimeoutExpired) as exc:
        log.warning("the %s sandbox does not start here: %s", kind, exc)
        return False
    if done.returncode != 0:
        log.warning("the %s sandbox does not start here: %s", kind, done.stderr.decode(errors="replace")[-300:])
    return done.returncode == 0


def sandbox_kind() -> SandboxKind:
    """The strongest sandbox that works on this machine (KAGENT_SANDBOX pins one)."""
    forced = os.environ.get(_FORCED, "").strip().lower()
    if forced in ("bwrap", "unshare", "none"):
        return forced  # type: ignore[return-value]
    for kind in ("bwrap", "unshare"):
        if _works(kind):  # type: ignore[arg-type]
            return kind  # type: ignore[return-value]
    return "none"


def _python_paths() -> list[str]:
    """What the worker's Python needs to start: interpreter, standard library, site-packages and
    kagent's own packages (an editable install points into the checkout)."""
    import importlib.util

    paths = {sys.prefix, sys.base_prefix, sys.exec_prefix, os.path.dirname(os.path.realpath(sys.executable))}
    paths.update(p for p in sys.path if p and os.path.isabs(p))
    for name in ("kagent", "kagent.tools", "kagent.verifiers", "kagent.agents", "kagent.patterns"):
        try:
            spec = importlib.util.find_spec(name)
        except (ImportError, ValueError):
            continue
        if spec and spec.submodule_search_locations:
            paths.update(spec.submodule_search_locations)
    return sorted(p for p in paths if os.path.exists(p))


def _cache_mounts() -> tuple[str, list[str], list[str]]:
    """kagent's cache is hidden; the reference inputs come back read-only and the worker caches writable."""
    from kagent.config import cache_dir

    root = cache_dir()
    for sub in ("triton", "torch_extensions", "reference"):
        (root / sub).mkdir(parents=True, exist_ok=True)
    return str(root), [str(root / "reference")], [str(root / "triton"), str(root / "torch_extensions")]


@functools.lru_cache(maxsize=1)
def _decoy_netrc() -> str:
    """A ~/.netrc inside the sandbox's private HOME whose only content is a decoy credential: reading
    it is seen (harness.guard_reach), and nothing real is there to take."""
    fd, path = tempfile.mkstemp(prefix="kagent-decoy-")
    os.write(fd, b"machine kagent-decoy.invalid login decoy password kagent-decoy-not-a-secret\n")
    os.close(fd)
    os.chmod(path, 0o400)
    return path


@functools.lru_cache(maxsize=1)
def _empty_file() -> str:
    fd, path = tempfile.mkstemp(prefix="kagent-hidden-")
    os.close(fd)
    os.chmod(path, 0o400)
    return path


def _inside(path: str, folder: str) -> bool:
    return path == folder or path.startswith(folder.rstrip("/") + "/")


# The sandbox's HOME (bwrap): this folder of the scratch folder, bound at $HOME.
HOME_DIR = ".home"
# what may legitimately land there: compilers' caches; the decoy .netrc's mount point
_HOME_EXPECTED = (".cache", ".netrc")


def home_writes(scratch: Path, limit: int = 20) -> list[str]:
    """Files a sandboxed process wrote into its private HOME (bwrap), relative to HOME: nothing an
    honest kernel writes there, beyond compiler caches. Folders are mount points, not writes."""
    root = Path(scratch) / HOME_DIR
    if not root.is_dir():
        return []
    out = []
    for p in sorted(root.rglob("*")):
        rel = p.relative_to(root)
        if rel.parts[0] in _HOME_EXPECTED or p.is_dir():
            continue
        out.append(str(rel))
        if len(out) >= limit:
            break
    return out


def _wrap(kind: SandboxKind, argv: list[str], spec: SandboxSpec, scratch: Path) -> list[str]:
    if kind == "none":
        return argv
    if kind == "unshare":
        user = [] if os.geteuid() == 0 else ["--user", "--map-root-user"]
        return ["unshare", *user, "--fork", "--pid", "--kill-child", "--mount-proc", "--net", "--", *argv]
    home = os.path.realpath(os.path.expanduser("~"))
    # (op, path); applied shallowest first
    mounts: list[tuple[str, str]] = [("--ro-bind", "/tmp") if spec.host_view else ("--tmpfs", "/tmp")]
    if home not in ("/", "/tmp") and not spec.host_view:  # a private HOME, kept in the scratch folder: the parent sees what was written
        (scratch / HOME_DIR).mkdir(exist_ok=True)
        mounts += [("--home", home), ("--decoy", os.path.join(home, ".netrc"))]
    cache_root, cache_ro, cache_rw = _cache_mounts()
    mounts.append(("--tmpfs", cache_root))
    for p in spec.hide:
        real = os.path.realpath(p)
        if real.rstrip("/").count("/") < 2:  # "/", "/work": hiding them would hide the system itself
            log.warning("not hiding %s from the sandbox: too close to the root", real)
        elif os.path.isdir(real):
            mounts.append(("--tmpfs", real))
        elif os.path.exists(real):
            mounts.append(("--ro-bind-file", real))
    masked = [path for _, path in mounts]
    for p in _python_paths():
        if any(_inside(p, m) for m in masked):
            mounts.append(("--ro-bind", p))
    mounts += [("--ro-bind", os.path.realpath(p)) for p in [*cache_ro, *spec.read_only] if os.path.exists(p)]
    mounts += [("--bind", os.path.realpath(p)) for p in [*cache_rw, *spec.writable, str(scratch)] if os.path.exists(p)]
    order = {"--tmpfs": 0, "--home": 0, "--ro-bind-file": 1, "--decoy": 1, "--ro-bind": 1, "--bind": 2}
    mounts.sort(key=lambda m: (m[1].rstrip("/").count("/"), order[m[0]]))
    out = ["bwrap", "--ro-bind", "/", "/"]
    out += ["--dev-bind", "/dev", "/dev"] if spec.device == "cuda" else ["--dev", "/dev"]
    out += ["--proc", "/proc"]
    # hidden folders and the cache stay empty and read-only (HOME and /tmp stay private and writable)
    mounts += [("--remount-ro", path) for op, path in mounts if op == "--tmpfs" and path not in ("/tmp", home)]
    for op, path in mounts:
        if op == "--remount-ro":
            out += ["--remount-ro", path]
        elif op == "--tmpfs":
            out += ["--tmpfs", path]
        elif op == "--home":
            out += ["--bind", str(scratch / HOME_DIR), path]
        elif op == "--ro-bind-file":
            out += ["--ro-bind", _empty_file(), path]
        elif op == "--decoy":
            out += ["--ro-bind", _decoy_netrc(), path]
        else:
            out += [op, path, path]
    # a fork server is PID 1 itself: no dumpable bubblewrap init beside it that its jobs could reach
    out += ["--as-pid-1"] if spec.host_view else []
    out += ["--unshare-pid", "--unshare-net", "--unshare-ipc", "--unshare-uts", "--die-with-parent",
            "--new-session", "--chdir", str(scratch), "--", *argv]
    return out


class SandboxResult(BaseModel):
    status: Literal["ok", "failed", "timeout", "crash"]
    returncode: int | None
    signal: str | None = None
    seconds: float
    stderr_tail: str
    stdout_tail: str
    sandbox: SandboxKind = "none"


def _limits(memory_limit_mb: int | None, cpu_limit_s: int | None):
    def apply() -> None:
        import ctypes
        import resource

        if memory_limit_mb:
            limit = memory_limit_mb * 1024 * 1024
            resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
        if cpu_limit_s:
            resource.setrlimit(resource.RLIMIT_CPU, (cpu_limit_s, cpu_limit_s))
        resource.setrlimit(resource.RLIMIT_CORE, (0, 0))  # no core dumps from segfaulting kernels
        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(1, signal.SIGKILL, 0, 0, 0)  # PR_SET_PDEATHSIG: die with the process that started us

    return apply


def _tail(data: bytes, limit: int = 4000) -> str:
    """The end of a worker's output, with the parent's secret values redacted (kagent/redact.py)."""
    return redact(data.decode("utf-8", "replace"))[-limit:]


class Spawned:
    """A sandboxed process started now and given its input later.

    Starting a worker (Python, torch, Triton) costs seconds; a process spawned ahead of need and
    waiting on stdin turns that into zero on the next verify. The time limit counts from `finish`.
    With a `spec` the process runs in the OS sandbox, in a fresh scratch folder (`scratch`, the only
    place it may write; the caller removes it).
    """

    def __init__(self, argv: list[str], *, env: dict[str, str], cwd: Path, memory_limit_mb: int | None = None,
                 spec: SandboxSpec | None = None, scratch: Path | None = None):
        """scratch: an existing folder to use as the scratch folder (made anew otherwise)."""
        self.kind: SandboxKind = sandbox_kind() if spec is not None else "none"
        self.key = (tuple(argv), tuple(sorted(env.items())), memory_limit_mb,
                    spec.model_dump_json() if spec else None, self.kind)
        if scratch is not None:
            self.scratch = scratch
        else:
            self.scratch = Path(tempfile.mkdtemp(prefix="kagent-work-")) if spec is not None else Path(cwd)
        fds: tuple[int, ...] = ()
        if spec is not None:
            env = {**env, "TMPDIR": "/tmp"} if self.kind == "bwrap" else env
            argv = _wrap(self.kind, argv, spec, self.scratch)
            if self.kind == "bwrap":  # options through a pipe: /proc/1/cmdline does not list the hidden paths
                cut = argv.index("--")
                read, write = os.pipe()
                os.write(write, b"".join(a.encode() + b"\0" for a in argv[1:cut]))
                os.close(write)
                argv, fds = ["bwrap", "--args", str(read), *argv[cut:]], (read,)
        try:
            self.proc = self._popen(argv, env, memory_limit_mb, spec, fds)
        finally:
            for fd in fds:
                os.close(fd)

    def _popen(self, argv: list[str], env: dict[str, str], memory_limit_mb: int | None, spec: SandboxSpec | None,
               fds: tuple[int, ...]) -> subprocess.Popen:
        return subprocess.Popen(
            argv,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            env=env,
            cwd=str(self.scratch),
            start_new_session=True,
            preexec_fn=_limits(memory_limit_mb, spec.cpu_limit_s if spec else None),
            pass_fds=fds,
        )

    def alive(self) -> bool:
        return self.proc.poll() is None

    def kill(self) -> None:
        _kill_group(self.proc)
        self.proc.communicate()

    def signal_kill(self) -> None:
        """Kill it without waiting (a watchdog thread's way)."""
        _kill_group(self.proc)

    def finish(self, stdin: bytes, timeout_s: float) -> SandboxResult:
        return _finish(self.proc, stdin, timeout_s, self.kind)


def run_sandboxed(
    argv: list[str],
    *,
    timeout_s: float,
    env: dict[str, str],
    cwd: Path,
    stdin: bytes = b"",
    memory_limit_mb: int | None = None,
    spec: SandboxSpec | None = None,
) -> SandboxResult:
    """Run argv in a new session (in the OS sandbox with a `spec`, writing only into `cwd`, which
    becomes its scratch folder); kill the whole process group on timeout."""
    if spec is not None:
        spec = spec.model_copy(update={"writable": [*spec.writable, str(cwd)]})
    worker = Spawned(argv, env=env, cwd=cwd, memory_limit_mb=memory_limit_mb, spec=spec)
    try:
        return worker.finish(stdin, timeout_s)
    finally:
        if spec is not None:
            shutil.rmtree(worker.scratch, ignore_errors=True)


def _finish(proc: subprocess.Popen, stdin: bytes, timeout_s: float, kind: SandboxKind = "none") -> SandboxResult:
    start = time.monotonic()
    try:
        out, err = proc.communicate(stdin, timeout=timeout_s)
    except subprocess.TimeoutExpired:
        _kill_group(proc)
        out, err = proc.communicate()
        return SandboxResult(
            status="timeout", returncode=None, seconds=time.monotonic() - start,
            stderr_tail=_tail(err), stdout_tail=_tail(out), sandbox=kind,
        )
    finally:
        if proc.poll() is None:
            _kill_group(proc)
    _kill_group(proc)  # leftovers the child spawned (background threads die with it; processes not)
    seconds = time.monotonic() - start
    rc = proc.returncode
    if kind != "none" and rc > 128 and (rc - 128) in signal.valid_signals():
        rc = -(rc - 128)  # bwrap / unshare report a child killed by a signal as 128 + the signal
    if rc < 0:
        sig = signal.Signals(-rc).name
        return SandboxResult(status="crash", returncode=rc, signal=sig, seconds=seconds,
                             stderr_tail=_tail(err), stdout_tail=_tail(out), sandbox=kind)
    return SandboxResult(status="ok" if rc == 0 else "failed", returncode=rc, seconds=seconds,
                         stderr_tail=_tail(err), stdout_tail=_tail(out), sandbox=kind)


def _kill_group(proc: subprocess.Popen) -> None:
    try:
        os.killpg(proc.pid, signal.SIGKILL)
    except (ProcessLookupError, PermissionError):
        return


def python_argv(module: str) -> list[str]:
    # -P: the working directory does not go on sys.path, so a candidate's folder holding e.g. a
    # `secrets.py` cannot shadow the standard library in the worker.
    flags = ["-P"] if sys.version_info >= (3, 11) else []
    return [sys.executable, *flags, "-X", "faulthandler", "-m", module]
