"""`--sanitize`: the candidate under compute-sanitizer memcheck, its reports turned into findings.

Memcheck sees a Triton kernel's unmasked out-of-bounds read only when PyTorch's caching allocator
is off (PYTORCH_NO_CUDA_MEMORY_CACHING=1: every tensor is then its own allocation) and only when
kagent's own guard regions are off too (the worker runs in "plain" mode for this job).
"""

from __future__ import annotations

import re
import shutil
from pathlib import Path

from kagent.report import Finding

_ERROR = re.compile(r"^=+\s+(Invalid __(?:global|shared|local)__ (?:read|write) of size \d+ bytes|"
                    r"Misaligned .*|Out-of-range .*|Program hit .*)$")
_AT = re.compile(r"^=+\s+at (.+?)(?: in (.+))?$")
_ADDR = re.compile(r"^=+\s+(Address 0x[0-9a-f]+ is .*)$")
_SUMMARY = re.compile(r"ERROR SUMMARY: (\d+) error")


def sanitizer_path() -> str | None:
    found = shutil.which("compute-sanitizer")
    if found:
        return found
    for cand in ("/usr/local/cuda/bin/compute-sanitizer", "/usr/local/cuda/compute-sanitizer/compute-sanitizer"):
        if Path(cand).exists():
            return cand
    return None


def argv_prefix(log_file: Path) -> list[str]:
    tool = sanitizer_path()
    if tool is None:
        raise FileNotFoundError("compute-sanitizer is not installed")
    return [tool, "--tool", "memcheck", "--log-file", str(log_file), "--print-limit", "20", "--error-exitcode", "0"]


def parse_log(text: str) -> tuple[int, list[dict]]:
    """(error count, the first reports: kind, where, address)."""
    reports: list[dict] = []
    current: dict | None = None
    for line in text.splitlines():
        m = _ERROR.match(line)
        if m:
            current = {"kind": m.group(1)}
            reports.append(current)
            continue
        if current is None:
            continue
        if "where" not in current and (m := _AT.match(line)):
            current["where"] = m.group(1) + (f" ({m.group(2)})" if m.group(2) else "")
        elif "address" not in current and (m := _ADDR.match(line)):
            current["address"] = m.group(1)
    m = _SUMMARY.search(text)
    return (int(m.group(1)) if m else len(reports)), reports


def findings_from_log(text: str) -> list[Finding]:
    count, reports = parse_log(text)
    if count == 0:
        return []
    first = reports[0] if reports else {"kind": "memory error"}
    return [Finding(
        check="sanitize.memcheck", severity="error", failure_class="out_of_bounds",
        message=f"compute-sanitizer memcheck: {count} error(s); first: {first['kind']}"
        + (f" at {first['where']}" if first.get("where") else ""),
        evidence={"errors": count, "reports": reports[:10]},
    )]
