"""The batch report: JSON/CSV contents, and the self-contained HTML page rendered by a real headless
browser (Debian's chromium; skipped with a reason when it is not installed)."""

from __future__ import annotations

import csv
import io
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from kagent.batch.ledger import POLICY_NAME, POLICY_RULES
from kagent.batch.plan import BatchSummary, KernelResult, PolicyReport
from kagent.batch.report import to_csv, write_reports

STATUSES = ["repaired", "already_correct", "cheat", "unrepaired", "error"]
CLASSES = ["out_of_bounds", "pass", "cheat", "numerical_mismatch", "timeout"]


def _summary(tmp_path: Path) -> BatchSummary:
    kernels = []
    for i in range(12):
        st = STATUSES[i % 5]
        kernels.append(KernelResult(
            id=f"kernel_{i:02d}", input=f"/k/kernel_{i:02d}.py", status=st, failure_class=CLASSES[i % 5],
            reason=f"reason <{i}> & detail", tokens=100 * i if st in ("repaired", "unrepaired") else 0,
            granted=150 * i, attempts=i % 4, repaired_path=f"/runs/r{i}/repaired.py" if st == "repaired" else None))
    return BatchSummary(batch_dir=str(tmp_path), complete=True, token_budget=10_000,
                        tokens_spent=sum(k.tokens for k in kernels), executor="local", jobs=2, model="script:x",
                        seconds=12.5, counts={s: sum(k.status == s for k in kernels) for s in STATUSES} | {"pending": 0},
                        policy=PolicyReport(rules=POLICY_RULES, first_grants=[2500, 1875]), kernels=kernels)


def test_json_and_csv(tmp_path):
    s = _summary(tmp_path)
    paths = write_reports(s, tmp_path)
    assert BatchSummary.model_validate_json(paths["json"].read_text()) == s
    rows = list(csv.DictReader(io.StringIO(to_csv(s))))
    assert len(rows) == 12 and rows[1]["status"] == "already_correct" and rows[0]["repaired_path"] == "/runs/r0/repaired.py"
    html = paths["html"].read_text()
    assert "reason &lt;3&gt; &amp; detail" in html  # escaped
    assert not re.search(r"""(src|href)\s*=\s*["']?(https?:)?//""", html)  # self-contained: nothing fetched
    assert "<script" not in html


def _chromium() -> str | None:
    return shutil.which("chromium") or shutil.which("chromium-browser") or shutil.which("google-chrome")


FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
         "--no-first-run", "--disable-sync"]


@pytest.mark.skipif(_chromium() is None, reason="chromium not installed (apt-get install -y chromium)")
def test_report_in_a_headless_browser(tmp_path):
    s = _summary(tmp_path)
    page = write_reports(s, tmp_path)["html"]
    exe = _chromium()
    dom = subprocess.run([exe, *FLAGS, f"--user-data-dir={tmp_path / 'profile1'}", "--dump-dom", page.as_uri()],
                         capture_output=True, text=True, timeout=120).stdout
    # the browser parsed the whole page: the table, both charts and their bars
    assert len(re.findall(r'<tr data-kernel="kernel_\d\d"', dom)) == 12
    bars = re.findall(r'<rect class="bar" data-class="([^"]+)" data-status="([^"]+)" data-count="(\d+)"', dom)
    assert sum(int(n) for _, _, n in bars) == 12 and {c for c, _, _ in bars} == set(CLASSES)
    spend = re.findall(r'<rect class="spend" data-kernel="([^"]+)" data-tokens="(\d+)"', dom)
    assert len(spend) == 12 and sum(int(t) for _, t in spend) == s.tokens_spent
    assert 'id="chart-outcomes"' in dom and 'id="chart-spend"' in dom and POLICY_NAME in dom
    shot = tmp_path / "shot.png"
    subprocess.run([exe, *FLAGS, f"--user-data-dir={tmp_path / 'profile2'}", "--window-size=1300,1600",
                    f"--screenshot={shot}", page.as_uri()], capture_output=True, timeout=120)
    data = shot.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n" and len(data) > 30_000  # a rendered page, not a blank one
