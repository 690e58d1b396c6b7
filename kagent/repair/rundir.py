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
import re
import threading
from pathlib import Path
from typing import Any

from kagent.repair.state import RepairSummary
from kagent.tools.edits import source_hash, unified_diff

__all__ = ["RunDir", "source_hash", "unified_diff"]

CONFIG = "config.json"
TRAJECTORY = "trajectory.jsonl"
CHECKPOINTS = "checkpoints.sqlite"
SUMMARY = "summary.json"


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
        if not (path / CONFIG).is_file():
            raise FileNotFoundError(f"{path} is not a kagent run directory (no {CONFIG})")
        return cls(path)

    # -- files -------------------------------------------------------------------------------
    @property
    def checkpoints(self) -> Path:
        return self.path / CHECKPOINTS

    @property
    def trajectory(self) -> Path:
        return self.path / TRAJECTORY

    def write_config(self, config: dict[str, Any]) -> None:
        (self.path / CONFIG).write_text(json.dumps(config, indent=2, sort_keys=True))

    def read_config(self) -> dict[str, Any]:
        return json.loads((self.path / CONFIG).read_text())

    def log(self, event: str, **data: Any) -> None:
        rec = {"ts": _dt.datetime.now(_dt.timezone.utc).isoformat(), "event": event, **data}
        line = json.dumps(rec, default=str)
        with self._lock, self.trajectory.open("a") as fh:
            fh.write(line + "\n")

    def events(self) -> list[dict[str, Any]]:
        if not self.trajectory.is_file():
            return []
        return [json.loads(x) for x in self.trajectory.read_text().splitlines() if x.strip()]

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
        p.write_text(summary.model_dump_json(indent=2))
        return p

    def read_summary(self) -> RepairSummary | None:
        p = self.path / SUMMARY
        return RepairSummary.model_validate_json(p.read_text()) if p.is_file() else None
