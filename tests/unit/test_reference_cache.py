"""The reference cache is bounded (least recently used entries go first) and `kagent cache` shows
and clears it (issue 17, item 6)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

from kagent import api
from kagent.verifiers import casefiles

ROOT = Path(__file__).resolve().parents[2]
FIX = Path(__file__).parent / "verify_fixtures" / "kernelbench"


def _entry(root: Path, key: str, size: int, age_s: float, complete: bool = True) -> Path:
    d = root / "reference" / key
    (d / casefiles.EXPECTED).mkdir(parents=True)
    (d / "seed0.pt").write_bytes(b"x" * size)
    stamp = d / (casefiles.COMPLETE if complete else "seed0.pt")
    if complete:
        stamp.write_text("[]")
    t = time.time() - age_s
    os.utime(stamp, (t, t))
    os.utime(d, (t, t))
    return d


def test_prune_removes_least_recently_used_first_and_keeps_the_one_in_use(tmp_path):
    old = _entry(tmp_path, "old", 400_000, 7200)
    mid = _entry(tmp_path, "mid", 400_000, 3600)
    new = _entry(tmp_path, "new", 400_000, 10)
    casefiles.touch(old)  # used again just now: now the most recent
    removed = casefiles.prune(tmp_path / "reference", 900_000, keep=new)
    assert removed == 1 and not mid.exists() and old.exists() and new.exists()
    assert casefiles.prune(tmp_path / "reference", 0, keep=new) == 1 and new.exists() and not old.exists()


def test_an_entry_another_process_reads_is_never_pruned(tmp_path):
    """The cache over its limit, every entry recent: prune used to remove another verify's entry
    (its expected outputs gone before it judged: FileNotFoundError)."""
    a, b = _entry(tmp_path, "a", 400_000, 100), _entry(tmp_path, "b", 400_000, 50)
    reader = subprocess.Popen([sys.executable, "-c", "import sys, time; from kagent.verifiers import casefiles; "
                               f"r = casefiles.reading({str(a)!r}); r.__enter__(); print('held', flush=True); "
                               "time.sleep(60)"],
                              stdout=subprocess.PIPE, text=True)
    try:
        assert reader.stdout.readline().strip() == "held"
        assert casefiles.prune(tmp_path / "reference", 0) == 1 and a.exists() and not b.exists()
    finally:
        reader.kill()
        reader.wait()
    assert casefiles.prune(tmp_path / "reference", 0) == 1 and not a.exists()


def test_a_filling_entry_is_left_alone_until_stale(tmp_path):
    filling = _entry(tmp_path, "ref-abc", 100, 60, complete=False)
    stale = _entry(tmp_path, "ref-old", 100, 7 * 3600, complete=False)
    casefiles.prune(tmp_path / "reference", 0)
    assert filling.exists() and not stale.exists()


def test_verify_holds_the_cache_under_its_limit(tmp_path, monkeypatch):
    monkeypatch.setenv("KAGENT_CACHE_DIR", str(tmp_path))
    monkeypatch.setenv("KAGENT_CACHE_LIMIT_MB", "0")  # only the entry in use survives
    for seed in (1, 2):
        report = api.verify(FIX / "linear_relu_triton.py", FIX / "linear_relu_problem.py", device="cpu", seeds=1,
                            stress=False, shapes=False, anticheat=False, determinism=False, seed=seed)
        assert report.verdict == "pass", report.summary
    info = api.cache()
    assert len([e for e in info.entries if e.complete]) == 1 and info.limit_bytes == 0


def test_cache_command_shows_and_clears(tmp_path):
    _entry(tmp_path, "a" * 24, 1000, 100)
    env = {**os.environ, "KAGENT_CACHE_DIR": str(tmp_path)}

    def run(*args):
        return subprocess.run([sys.executable, "-m", "kagent.cli", "cache", *args], capture_output=True, text=True,
                              timeout=120, env=env, cwd=ROOT)

    shown = json.loads(run("--json").stdout)
    assert shown["reference_bytes"] >= 1000 and shown["entries"][0]["key"] == "a" * 24
    assert "1 entries" in run().stdout
    cleared = json.loads(run("clear", "--json").stdout)
    assert cleared["removed"] == 1 and cleared["entries"] == []
    bad = run("explode")
    assert bad.returncode == 2 and "unknown cache action" in bad.stderr


def _staged(folder: Path, value: bytes) -> Path:
    folder.mkdir(parents=True)
    (folder / "seed0.pt").write_bytes(value)
    (folder / casefiles.EXPECTED).mkdir()
    (folder / casefiles.EXPECTED / "seed0.pt").write_bytes(value * 2)
    return folder


def test_a_second_process_filling_the_same_entry_leaves_the_first_in_place(tmp_path):
    """Two xdist workers (or batch workers) compute one reference at once: the later commit must not
    pull the files from under a worker that already reads the first one's."""
    entry = tmp_path / "cache" / "reference" / "k"
    casefiles.commit(_staged(tmp_path / "a", b"first"), entry, [])
    reading = open(casefiles.expected_dir(entry) / "seed0.pt", "rb")
    casefiles.commit(_staged(tmp_path / "b", b"later"), entry, [])
    assert (entry / "seed0.pt").read_bytes() == b"first" and reading.read() == b"firstfirst"
    assert (casefiles.expected_dir(entry) / "seed0.pt").exists()
    # a changed entry is made again
    (entry / "seed0.pt").write_bytes(b"tampered")
    casefiles.commit(_staged(tmp_path / "c", b"third"), entry, [])
    assert (entry / "seed0.pt").read_bytes() == b"third"


def test_nobody_under_the_entry_lock_sees_a_half_made_entry(tmp_path):
    """A commit moves two folders into place; a verify that looked in between took the entry for a
    broken one and removed it, and a third verify then missed its expected outputs. Commits made
    again and again from other processes: whoever holds the lock sees a whole entry or none."""
    entry = tmp_path / "cache" / "reference" / "k"
    code = ("import sys, shutil; from pathlib import Path; from kagent.verifiers import casefiles\n"
            "entry, stage = Path(sys.argv[1]), Path(sys.argv[2])\n"
            "for i in range(25):\n"
            "    (stage / 'expected').mkdir(parents=True, exist_ok=True)\n"
            "    (stage / 'seed0.pt').write_bytes(b'in'); (stage / 'expected' / 'seed0.pt').write_bytes(b'out')\n"
            "    with casefiles.entry_lock(entry):\n"
            "        casefiles.remove(entry)\n"
            "    casefiles.commit(stage, entry, [])\n")
    procs = [subprocess.Popen([sys.executable, "-c", code, str(entry), str(tmp_path / f"s{i}")]) for i in range(2)]
    seen = 0
    while any(p.poll() is None for p in procs):
        with casefiles.entry_lock(entry):
            if (entry / casefiles.COMPLETE).exists():
                assert not casefiles.tampered(entry)
                seen += 1
    assert all(p.returncode == 0 for p in procs) and seen
