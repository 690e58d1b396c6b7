"""Rebuilding a code object from a .s: assemble with llvm-mc-19, link with ld.lld-19, and parse the
assembler's diagnostics against the source lines.
"""

from __future__ import annotations

import re
import tempfile
import time
from pathlib import Path
from typing import Literal

from pydantic import Field

from kagent.tools.amdgpu.common import FeatureSetting, _M
from kagent.tools.amdgpu.toolchain import llvm_tool, run_tool


class AsmDiagnostic(_M):
    severity: Literal["error", "warning", "note"]
    line: int | None
    column: int | None
    message: str
    source_line: str | None = None


class BuildResult(_M):
    status: Literal["ok", "assemble_error", "link_error", "timeout"]
    diagnostics: list[AsmDiagnostic] = Field(default_factory=list)
    message: str = ""
    object_bytes: bytes = Field(b"", exclude=True, repr=False)
    seconds: float = 0.0

    def first_error(self) -> str:
        for d in self.diagnostics:
            if d.severity == "error":
                return f"line {d.line}: {d.message}" + (f"  [{d.source_line.strip()}]" if d.source_line else "")
        return self.message


_DIAG = re.compile(r"^(?:[^:\n]*):(\d+):(\d+): (error|warning|note): (.*)$")


def parse_diagnostics(stderr: str, source: str) -> list[AsmDiagnostic]:
    lines = source.splitlines()
    out: list[AsmDiagnostic] = []
    for raw in stderr.splitlines():
        m = _DIAG.match(raw)
        if m:
            ln = int(m.group(1))
            out.append(AsmDiagnostic(severity=m.group(3), line=ln, column=int(m.group(2)), message=m.group(4),  # type: ignore[arg-type]
                                     source_line=lines[ln - 1] if 0 < ln <= len(lines) else None))
    if not out and stderr.strip():
        out.append(AsmDiagnostic(severity="error", line=None, column=None, message=stderr.strip()[:500]))
    return out


def mc_flags(mcpu: str, xnack: FeatureSetting, sramecc: FeatureSetting) -> list[str]:
    attrs = []
    if xnack in ("on", "off"):
        attrs.append(("+" if xnack == "on" else "-") + "xnack")
    if sramecc in ("on", "off"):
        attrs.append(("+" if sramecc == "on" else "-") + "sramecc")
    return ["-triple=amdgcn-amd-amdhsa", f"-mcpu={mcpu}"] + ([f"-mattr={','.join(attrs)}"] if attrs else [])


def build(source: str, mcpu: str, *, xnack: FeatureSetting = "any", sramecc: FeatureSetting = "any",
          timeout_s: float = 60.0) -> BuildResult:
    """Assemble (llvm-mc-19) and link (ld.lld-19 -shared) one .s into a code object."""
    t0 = time.monotonic()
    with tempfile.TemporaryDirectory(prefix="kagent-amdgpu-") as tmp:
        s, o, co = Path(tmp) / "kernel.s", Path(tmp) / "kernel.o", Path(tmp) / "kernel.hsaco"
        s.write_text(source)
        mc = run_tool([llvm_tool("llvm-mc"), *mc_flags(mcpu, xnack, sramecc), "-filetype=obj", str(s), "-o", str(o)],
                      timeout_s=timeout_s)
        if mc.status == "timeout":
            return BuildResult(status="timeout", message=f"llvm-mc ran past {timeout_s}s", seconds=time.monotonic() - t0)
        diags = parse_diagnostics(mc.stderr, source)
        if mc.status != "ok" or any(d.severity == "error" for d in diags):
            res = BuildResult(status="assemble_error", diagnostics=diags, seconds=time.monotonic() - t0)
            res.message = "llvm-mc: " + res.first_error()
            return res
        ld = run_tool([llvm_tool("ld.lld"), "-shared", "--no-undefined", str(o), "-o", str(co)], timeout_s=timeout_s)
        if ld.status != "ok":
            return BuildResult(status="timeout" if ld.status == "timeout" else "link_error", diagnostics=diags,
                               message="ld.lld: " + ld.stderr.strip()[:800], seconds=time.monotonic() - t0)
        return BuildResult(status="ok", diagnostics=diags, object_bytes=co.read_bytes(), seconds=time.monotonic() - t0)
