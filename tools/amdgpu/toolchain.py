"""LLVM 19 tools (llvm-mc, llvm-objdump, ld.lld, clang): find them, and run one in its own process
group with a timeout (`run_tool`).
"""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import time
from pathlib import Path
from typing import Literal

from kagent.errors import ToolchainError
from kagent.tools.amdgpu.common import _M

LLVM_VERSION = 19
INSTALL_HINT = "run `bash scripts/install-llvm19.sh` (apt-get install clang-19 lld-19 llvm-19)"


class ToolRun(_M):
    argv: list[str]
    status: Literal["ok", "failed", "timeout"]
    returncode: int | None
    stdout: str
    stderr: str
    seconds: float


def llvm_tool(name: str) -> str:
    """Path of an LLVM 19 tool (`llvm-mc`, `llvm-objdump`, `ld.lld`, `clang`); ToolchainError if absent."""
    for cand in (f"{name}-{LLVM_VERSION}", f"/usr/lib/llvm-{LLVM_VERSION}/bin/{name}"):
        path = shutil.which(cand) or (cand if os.path.isabs(cand) and os.access(cand, os.X_OK) else None)
        if path:
            return path
    raise ToolchainError(f"{name}-{LLVM_VERSION} not found: {INSTALL_HINT}")


def llvm_available() -> bool:
    try:
        for t in ("llvm-mc", "llvm-objdump", "ld.lld"):
            llvm_tool(t)
    except ToolchainError:
        return False
    return True


def run_tool(argv: list[str], *, timeout_s: float = 60.0, cwd: str | Path | None = None) -> ToolRun:
    """Run one tool in its own process group; on timeout the whole group is killed."""
    t0 = time.monotonic()
    proc = subprocess.Popen(
        argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=cwd, start_new_session=True
    )
    try:
        out, err = proc.communicate(timeout=timeout_s)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
        out, err = proc.communicate()
        return ToolRun(argv=argv, status="timeout", returncode=None, stdout=out, stderr=err,
                       seconds=time.monotonic() - t0)
    return ToolRun(argv=argv, status="ok" if proc.returncode == 0 else "failed", returncode=proc.returncode,
                   stdout=out, stderr=err, seconds=time.monotonic() - t0)
