"""Run untrusted code in a separate process: timeout, memory limit, scrubbed environment.

The child is started in its own process group (so a hang is killed with everything it spawned),
with an environment built from an allow-list (no API keys or tokens ever reach candidate code),
and, on CPU, an address-space limit. Whatever happens to it comes back as a `SandboxResult`.
"""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Literal

from pydantic import BaseModel

from kagent.log import get_logger

log = get_logger("tools.sandbox")

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


def candidate_env(device: str, extra: dict[str, str] | None = None) -> dict[str, str]:
    """The environment of any process that runs candidate code (verify, capture, PTX differential):
    scrubbed, with kagent's own Triton/extension caches; on CPU the Triton interpreter and no GPU."""
    from kagent.config import cache_dir

    root = cache_dir()
    env = {
        "TRITON_CACHE_DIR": str(root / "triton"),
        "TORCH_EXTENSIONS_DIR": str(root / "torch_extensions"),
        "PYTHONUNBUFFERED": "1",
        "OMP_NUM_THREADS": "1",
    }
    if device == "cpu":
        env["TRITON_INTERPRET"] = "1"
        env["CUDA_VISIBLE_DEVICES"] = ""
    return scrubbed_env({**env, **(extra or {})})


class SandboxResult(BaseModel):
    status: Literal["ok", "failed", "timeout", "crash"]
    returncode: int | None
    signal: str | None = None
    seconds: float
    stderr_tail: str
    stdout_tail: str


def _limits(memory_limit_mb: int | None):
    def apply() -> None:
        import resource

        if memory_limit_mb:
            limit = memory_limit_mb * 1024 * 1024
            resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
        resource.setrlimit(resource.RLIMIT_CORE, (0, 0))  # no core dumps from segfaulting kernels

    return apply


def _tail(data: bytes, limit: int = 4000) -> str:
    return data[-limit:].decode("utf-8", "replace")


class Spawned:
    """A sandboxed process started now and given its input later.

    Starting a worker (Python, torch, Triton) costs seconds; a process spawned ahead of need and
    waiting on stdin turns that into zero on the next verify. The time limit counts from `finish`.
    """

    def __init__(self, argv: list[str], *, env: dict[str, str], cwd: Path, memory_limit_mb: int | None = None):
        self.key = (tuple(argv), tuple(sorted(env.items())), memory_limit_mb)
        self.proc = subprocess.Popen(
            argv,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            env=env,
            cwd=str(cwd),
            start_new_session=True,
            preexec_fn=_limits(memory_limit_mb),
        )

    def alive(self) -> bool:
        return self.proc.poll() is None

    def kill(self) -> None:
        _kill_group(self.proc)
        self.proc.communicate()

    def finish(self, stdin: bytes, timeout_s: float) -> SandboxResult:
        return _finish(self.proc, stdin, timeout_s)


def run_sandboxed(
    argv: list[str],
    *,
    timeout_s: float,
    env: dict[str, str],
    cwd: Path,
    stdin: bytes = b"",
    memory_limit_mb: int | None = None,
) -> SandboxResult:
    """Run argv in a new session; kill the whole process group on timeout."""
    return Spawned(argv, env=env, cwd=cwd, memory_limit_mb=memory_limit_mb).finish(stdin, timeout_s)


def _finish(proc: subprocess.Popen, stdin: bytes, timeout_s: float) -> SandboxResult:
    start = time.monotonic()
    try:
        out, err = proc.communicate(stdin, timeout=timeout_s)
    except subprocess.TimeoutExpired:
        _kill_group(proc)
        out, err = proc.communicate()
        return SandboxResult(
            status="timeout", returncode=None, seconds=time.monotonic() - start,
            stderr_tail=_tail(err), stdout_tail=_tail(out),
        )
    finally:
        if proc.poll() is None:
            _kill_group(proc)
    _kill_group(proc)  # leftovers the child spawned (background threads die with it; processes not)
    seconds = time.monotonic() - start
    rc = proc.returncode
    if rc < 0:
        sig = signal.Signals(-rc).name
        return SandboxResult(status="crash", returncode=rc, signal=sig, seconds=seconds,
                             stderr_tail=_tail(err), stdout_tail=_tail(out))
    return SandboxResult(status="ok" if rc == 0 else "failed", returncode=rc, seconds=seconds,
                         stderr_tail=_tail(err), stdout_tail=_tail(out))


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
