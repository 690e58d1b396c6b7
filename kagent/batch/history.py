"""The batch as a whole across invocations: one record per `kagent batch` run over a batch
directory, in `<batch>/invocations/<n>.json`, rewritten (atomically) when the run starts, after each
kernel it finishes and when it ends. A run that was killed never writes its end: its record keeps
the time of its last kernel, so the batch's wall time is known to within one kernel.
"""

from __future__ import annotations

import datetime as _dt
import logging
import time
from pathlib import Path

from kagent.batch.plan import Invocation
from kagent.batch.worker import write_json_atomic

log = logging.getLogger("kagent.batch")


def _now() -> str:
    return _dt.datetime.now(_dt.timezone.utc).isoformat(timespec="milliseconds")


def read_all(batch_dir: Path) -> list[Invocation]:
    """Every invocation so far, oldest first (an unreadable record is skipped with a warning)."""
    out = []
    for p in sorted((batch_dir / "invocations").glob("*.json"), key=lambda p: (len(p.stem), p.stem)):
        try:
            out.append(Invocation.model_validate_json(p.read_text()))
        except ValueError as exc:
            log.warning("skipping unreadable invocation record %s: %s", p, exc)
    return out


class History:
    """This invocation's record."""

    def __init__(self, batch_dir: Path, *, resumed: bool, todo: int, retried: list[str]) -> None:
        self.dir = batch_dir / "invocations"
        self.dir.mkdir(parents=True, exist_ok=True)
        earlier = read_all(batch_dir)
        for inv in earlier:  # runs that ended without writing their end were killed
            if inv.outcome == "running":
                self._write(inv.model_copy(update={"outcome": "killed"}))
        n = max((inv.n for inv in earlier), default=0) + 1
        self._t0 = time.monotonic()
        now = _now()
        self.record = Invocation(n=n, started_at=now, updated_at=now, resumed=resumed, todo=todo, retried=retried)
        self._write(self.record)

    def _write(self, inv: Invocation) -> None:
        write_json_atomic(self.dir / f"{inv.n}.json", inv.model_dump_json(indent=2))

    def finished(self, kid: str) -> None:
        self.record = self.record.model_copy(update={
            "finished": [*self.record.finished, kid], "updated_at": _now(),
            "seconds": round(time.monotonic() - self._t0, 3)})
        self._write(self.record)

    def end(self, outcome: str) -> Invocation:
        now = _now()
        self.record = self.record.model_copy(update={
            "ended_at": now, "updated_at": now, "seconds": round(time.monotonic() - self._t0, 3), "outcome": outcome})
        self._write(self.record)
        return self.record
