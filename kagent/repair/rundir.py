"""Run directories: runs/<utc>__<kernel>__<model>/ with everything a repair run leaves behind.

    config.json          the resolved settings (RepairConfig + paths)
    trajectory.jsonl     every event: prompts, answers, patches, verify reports, token counts
    checkpoints.sqlite   the graph's checkpointer (resume)
    candidates/<n>/      source.py, diff.patch (against the original), report.json
    summary.json         RepairSummary
    repaired_<kernel>.py the repaired kernel (only when repaired)
"""

from __future__ import annotations

import datetime as _dt
import json
import logging
import os
import re
import threading
import uuid
from pathlib import Path
from typing import Any

from kagent.errors import InputError
from kagent.repair.state import RepairSummary
from kagent.tools.edits import source_hash, unified_diff

__all__ = ["RunDir", "source_hash", "unified_diff", "write_text_atomic"]

log = logging.getLogger("kagent.repair.rundir")

CONFIG = "config.json"
TRAJECTORY = "trajectory.jsonl"
CHECKPOINTS = "checkpoints.sqlite"
SUMMARY = "summary.json"


def write_text_atomic(path: Path, text: str) -> None:
    """A unique temporary file renamed over `path`: a kill leaves the old file or the new one."""
    tmp = path.with_name(f".{path.name}.{os.getpid()}.{uuid.uuid4().hex[:8]}.tmp")
    try:
        tmp.write_text(text)
        os.replace(tmp, path)
    finally:
        tmp.unlink(missing_ok=True)


def _slug(text: str, limit: int = 40) -> str:
    s = re.sub(r"[^A-Za-z0-9._-]+", "-", text).strip("-.")
    return (s or "x")[:limit]


class RunDir:
    """One run's folder. Appends to the trajectory are serialised by a lock."""

    def __init__(self, path: Path) -> None:
        self.path = Path(path).resolve()
        self._lock = threading.Lock()

    # -- creation ----------------------------------------------------------------------------
    @classmethod
    def create(cls, root: Path, kernel: str, model: str) -> RunDir:
        utc = _dt.datetime.now(_dt.timezone.utc).strftime("%Y%m%dT%H%M%S%fZ")
        base = f"{utc}__{_slug(kernel)}__{_slug(model.replace('/', '-'))}"
        root = Path(root)
        root.mkdir(parents=True, exist_ok=True)
        path = root / base
        n = 1
        while path.exists():
            n += 1
            path = root / f"{base}-{n}"
        path.mkdir()
        (path / "candidates").mkdir()
        return cls(path)

    @classmethod
    def open(cls, path: Path) -> RunDir:
        path = Path(path)
        if not path.is_dir():
            raise InputError(f"{path}: no such run directory")
        if not (path / CONFIG).is_file():
            raise InputError(f"{path} has no {CONFIG}: the run was stopped before it saved its settings (or this "
                             "is not a kagent run directory); start the repair again")
        return cls(path)

    # -- files -------------------------------------------------------------------------------
    @property
    def checkpoints(self) -> Path:
        return self.path / CHECKPOINTS

    @property
    def trajectory(self) -> Path:
        return self.path / TRAJECTORY

    def write_config(self, config: dict[str, Any]) -> None:
        write_text_atomic(self.path / CONFIG, json.dumps(config, indent=2, sort_keys=True))

    def read_config(self) -> dict[str, Any]:
        try:
            return json.loads((self.path / CONFIG).read_text())
        except ValueError as exc:
            raise InputError(f"{self.path / CONFIG} is unreadable ({exc}); start the repair again") from None

    def log(self, event: str, **data: Any) -> None:
        rec = {"ts": _dt.datetime.now(_dt.timezone.utc).isoformat(), "event": event, **data}
        line = json.dumps(rec, default=str)
        with self._lock, self.trajectory.open("a+") as fh:
            if fh.tell() > 0:  # a line cut short by a kill must not swallow this one
                fh.seek(fh.tell() - 1)
                if fh.read(1) != "\n":
                    line = "\n" + line
            fh.write(line + "\n")

    def events(self) -> list[dict[str, Any]]:
        if not self.trajectory.is_file():
            return []
        out = []
        for x in self.trajectory.read_text().splitlines():
            if not x.strip():
                continue
            try:
                out.append(json.loads(x))
            except ValueError:  # a line cut short when the process was killed mid-write
                log.warning("skipping an unreadable trajectory line in %s", self.trajectory)
        return out

    def candidate_dir(self, n: int) -> Path:
        return self.path / "candidates" / str(n)

    def candidate_source_path(self, n: int) -> Path:
        return self.candidate_dir(n) / "source.py"

    def write_candidate(self, n: int, source: str, original: str, name: str) -> Path:
        d = self.candidate_dir(n)
        d.mkdir(parents=True, exist_ok=True)
        p = d / "source.py"
        p.write_text(source)
        (d / "diff.patch").write_text(unified_diff(original, source, name))
        return p

    def read_source(self, n: int) -> str:
        return self.candidate_source_path(n).read_text()

    def write_report(self, n: int, report_json: str) -> Path:
        p = self.candidate_dir(n) / "report.json"
        p.write_text(report_json)
        return p

    def report_path(self, n: int) -> Path:
        return self.candidate_dir(n) / "report.json"

    def diff(self, n: int) -> str:
        p = self.candidate_dir(n) / "diff.patch"
        return p.read_text() if p.is_file() else ""

    def repaired_path(self, kernel: str) -> Path:
        return self.path / f"repaired_{_slug(kernel)}.py"

    def write_summary(self, summary: RepairSummary) -> Path:
        p = self.path / SUMMARY
        write_text_atomic(p, summary.model_dump_json(indent=2))
        return p

    def read_summary(self) -> RepairSummary | None:
        p = self.path / SUMMARY
        if not p.is_file():
            return None
        try:
            return RepairSummary.model_validate_json(p.read_text())
        except ValueError as exc:
            log.warning("%s is unreadable (%s): the run's end is recomputed", p, exc)
            return None
