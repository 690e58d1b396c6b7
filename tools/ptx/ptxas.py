"""ptxas driver: find ptxas, assemble PTX into a cubin with a timeout, and parse its diagnostics and
`-v` resource usage.
"""

from __future__ import annotations

import importlib.util
import os
import re
import shutil
import signal
import subprocess
import tempfile
from pathlib import Path
from typing import Literal

from pydantic import Field

from kagent.errors import ToolchainError
from kagent.tools.ptx.arch import DEFAULT_ARCH
from kagent.tools.ptx.common import _Model

PTXAS_TIMEOUT_S = 120.0


class PtxasDiagnostic(_Model):
    severity: Literal["error", "warning", "fatal", "info"]
    line: int | None = Field(None, description="1-based line in the PTX file, when ptxas gives one")
    message: str
    source_line: str | None = Field(None, description="the PTX text of that line")


class PtxasResources(_Model):
    """What `ptxas -v` reports for one entry function."""

    function: str
    registers: int
    spill_stores: int = Field(description="bytes")
    spill_loads: int = Field(description="bytes")
    stack_frame: int = Field(description="bytes")
    shared_static: int = Field(0, description="bytes of static shared memory (Triton uses dynamic)")
    barriers: int | None = None


class PtxasResult(_Model):
    status: Literal["ok", "error", "timeout"]
    ptxas: str
    arch: str
    returncode: int | None
    diagnostics: list[PtxasDiagnostic] = Field(default_factory=list)
    resources: list[PtxasResources] = Field(default_factory=list)
    cubin: str | None = Field(None, description="path of the assembled cubin (status ok)")
    log: str = ""

    @property
    def errors(self) -> list[PtxasDiagnostic]:
        return [d for d in self.diagnostics if d.severity in ("error", "fatal")]


def ptxas_path() -> Path:
    """The ptxas to use: $KAGENT_PTXAS, Triton's bundled one, then the CUDA toolkit's."""
    env = os.environ.get("KAGENT_PTXAS")
    candidates: list[Path] = [Path(env)] if env else []
    spec = importlib.util.find_spec("triton")
    if spec is not None and spec.submodule_search_locations:
        root = Path(list(spec.submodule_search_locations)[0])
        candidates.append(root / "backends" / "nvidia" / "bin" / "ptxas")
    candidates.append(Path("/usr/local/cuda/bin/ptxas"))
    which = shutil.which("ptxas")
    if which:
        candidates.append(Path(which))
    for c in candidates:
        if c.is_file() and os.access(c, os.X_OK):
            return c
    raise ToolchainError("ptxas not found (looked at $KAGENT_PTXAS, triton's wheel, /usr/local/cuda)")


def run_with_timeout(cmd: list[str], timeout_s: float, cwd: str | None = None,
                     env: dict[str, str] | None = None) -> tuple[int | None, str, str]:
    """Run a command in its own process group; on timeout kill the whole group.

    Returns (returncode or None on timeout, stdout, stderr)."""
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            cwd=cwd, env=env, start_new_session=True)
    try:
        out, err = proc.communicate(timeout=timeout_s)
        return proc.returncode, out, err
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
        out, err = proc.communicate()
        return None, out, err


_DIAG = re.compile(r"^ptxas\s+(?P<file>.*?), line (?P<line>\d+); (?P<sev>error|warning|fatal)\s*: (?P<msg>.*)$")
_DIAG_NOLINE = re.compile(r"^ptxas\s+(?P<sev>error|warning|fatal)\s*: (?P<msg>.*)$")
_COMPILING = re.compile(r"Compiling entry function '(?P<fn>[^']+)'")
_FRAME = re.compile(r"(\d+) bytes stack frame, (\d+) bytes spill stores, (\d+) bytes spill loads")
_USED = re.compile(r"Used (\d+) registers(?:, used (\d+) barriers)?(?:, (\d+) bytes smem)?")


def parse_ptxas_output(text: str, ptx_lines: list[str] | None = None) -> tuple[list[PtxasDiagnostic], list[PtxasResources]]:
    diags: list[PtxasDiagnostic] = []
    res: list[PtxasResources] = []
    fn: str | None = None
    frame: tuple[int, int, int] = (0, 0, 0)
    for raw in text.splitlines():
        line = raw.strip()
        m = _DIAG.match(line)
        if m:
            ln = int(m["line"])
            src = ptx_lines[ln - 1].strip() if ptx_lines and 0 < ln <= len(ptx_lines) else None
            diags.append(PtxasDiagnostic(severity=m["sev"], line=ln, message=m["msg"].strip(), source_line=src))
            continue
        m = _DIAG_NOLINE.match(line)
        if m:
            diags.append(PtxasDiagnostic(severity=m["sev"], message=m["msg"].strip()))
            continue
        m = _COMPILING.search(line)
        if m:
            fn, frame = m["fn"], (0, 0, 0)
            continue
        m = _FRAME.search(line)
        if m:
            frame = (int(m[1]), int(m[2]), int(m[3]))
            continue
        m = _USED.search(line)
        if m and fn is not None:
            res.append(PtxasResources(function=fn, registers=int(m[1]), stack_frame=frame[0],
                                      spill_stores=frame[1], spill_loads=frame[2],
                                      barriers=int(m[2]) if m[2] else None,
                                      shared_static=int(m[3]) if m[3] else 0))
            fn = None
    return diags, res


def assemble(ptx: str | Path, arch: str = DEFAULT_ARCH, cubin_out: str | Path | None = None,
             timeout_s: float = PTXAS_TIMEOUT_S) -> PtxasResult:
    """Assemble PTX (a path, or PTX text) with `ptxas -arch=ARCH -v`.

    Errors become diagnostics with the PTX line they point at; resources come from `-v`."""
    exe = ptxas_path()
    with tempfile.TemporaryDirectory(prefix="kagent-ptxas-") as tmp:
        if isinstance(ptx, Path) or (isinstance(ptx, str) and "\n" not in ptx and Path(ptx).is_file()):
            ptx_path = Path(ptx)
        else:
            ptx_path = Path(tmp) / "kernel.ptx"
            ptx_path.write_text(str(ptx))
        ptx_lines = ptx_path.read_text().splitlines()
        out_path = Path(cubin_out) if cubin_out else Path(tmp) / "kernel.cubin"
        cmd = [str(exe), f"-arch={arch}", "-v", str(ptx_path), "-o", str(out_path)]
        rc, out, err = run_with_timeout(cmd, timeout_s)
        text = (out or "") + (err or "")
        diags, res = parse_ptxas_output(text, ptx_lines)
        if rc is None:
            return PtxasResult(status="timeout", ptxas=str(exe), arch=arch, returncode=None,
                               diagnostics=diags, log=text[-4000:])
        ok = rc == 0 and not any(d.severity in ("error", "fatal") for d in diags)
        if not ok and not diags:
            diags.append(PtxasDiagnostic(severity="error", message=f"ptxas exited {rc}: {text.strip()[-500:]}"))
        return PtxasResult(status="ok" if ok else "error", ptxas=str(exe), arch=arch, returncode=rc,
                           diagnostics=diags, resources=res,
                           cubin=str(out_path) if ok and cubin_out else None, log=text[-4000:])
