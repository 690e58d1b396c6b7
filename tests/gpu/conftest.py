"""GPU runs are scarce: each failure is written out the moment it happens (KAGENT_GPU_FAILURES, a
JSONL file), so a run cut short by its time limit still says what failed and why."""

from __future__ import annotations

import json
import os


def pytest_runtest_logreport(report):
    path = os.environ.get("KAGENT_GPU_FAILURES")
    if not path or report.passed or report.skipped:
        return
    with open(path, "a") as f:
        f.write(json.dumps({"test": report.nodeid, "when": report.when, "duration": report.duration,
                            "longrepr": str(report.longrepr)[-6000:]}) + "\n")
