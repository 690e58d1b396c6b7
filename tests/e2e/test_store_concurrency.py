"""The pattern store under several processes at once: building, rebuilding, counting outcomes."""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from kagent.patterns.schema import library_dir, load_directory
from kagent.patterns.store import PatternStore

N_SEED = len(load_directory(library_dir()))

EXTRA = """\
id: extra-{n}-pattern
title: Quasar flux capacitor overflow {n}
backends: [cuda]
symptoms:
  failure_classes: [crash]
  error_regexes: ["quasar flux {n}"]
explanation: The quasar flux capacitor overflows when the warp drive is engaged without a barrier.
provenance: {{kind: public, source: test}}
"""

OPEN_AND_SEARCH = textwrap.dedent("""
    import json, sys
    from pathlib import Path
    from kagent.patterns.store import PatternStore
    s = PatternStore.open(Path(sys.argv[1]))
    hits = s.search("quasar flux capacitor", k=1)
    print(json.dumps({"n": len(s), "indexed": s._collection.count(), "top": hits[0].pattern.id if hits else None}))
""")

COUNT_OUTCOMES = textwrap.dedent("""
    import sys
    from pathlib import Path
    from kagent.patterns.store import PatternStore
    s = PatternStore.open(Path(sys.argv[1]))
    for i in range(int(sys.argv[2])):
        s.record_outcome("triton-grid-floor-div", i % 2 == 0)
""")


def _run_all(script: str, *args: str, n: int = 4, timeout: float = 240) -> list[subprocess.CompletedProcess]:
    procs = [subprocess.Popen([sys.executable, "-c", script, *args], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                              text=True, start_new_session=True) for _ in range(n)]
    out = []
    for p in procs:
        try:
            stdout, stderr = p.communicate(timeout=timeout)
        except subprocess.TimeoutExpired:
            p.kill()
            stdout, stderr = p.communicate(timeout=30)
        out.append(subprocess.CompletedProcess(p.args, p.returncode, stdout, stderr))
    return out


def test_four_processes_open_a_fresh_then_a_changed_store(tmp_path: Path) -> None:
    store = tmp_path / "store"
    results = _run_all(OPEN_AND_SEARCH, str(store))
    for r in results:
        assert r.returncode == 0, r.stderr[-2000:]
        assert json.loads(r.stdout) == {"n": N_SEED, "indexed": N_SEED, "top": json.loads(r.stdout)["top"]}
    # the files change under the store: every process sees the new pattern, none deletes another's index
    (store / "learned").mkdir(exist_ok=True)
    (store / "learned" / "extra.yaml").write_text(EXTRA.format(n=1))
    results = _run_all(OPEN_AND_SEARCH, str(store))
    for r in results:
        assert r.returncode == 0, r.stderr[-2000:]
        assert json.loads(r.stdout) == {"n": N_SEED + 1, "indexed": N_SEED + 1, "top": "extra-1-pattern"}
    assert "unusable" not in "".join(r.stderr for r in results)
    # one finished index per embedding is kept (superseded ones are collected once nobody holds them)
    ready = [d for d in (store / "chroma").iterdir() if (d / "READY").is_file()]
    assert len(ready) >= 1


def test_an_open_store_keeps_working_while_another_process_rebuilds(tmp_path: Path) -> None:
    store = tmp_path / "store"
    mine = PatternStore.open(store)
    (store / "learned" / "extra.yaml").write_text(EXTRA.format(n=2))
    results = _run_all(OPEN_AND_SEARCH, str(store), n=2)
    assert all(r.returncode == 0 for r in results), results[0].stderr[-2000:]
    # the index this process holds was not removed under it
    assert mine._collection.count() == N_SEED and mine.search("grid floor division", k=1)
    assert (mine._index.path / "READY").is_file()


def test_four_processes_times_200_outcome_updates_lose_none(tmp_path: Path) -> None:
    store = tmp_path / "store"
    PatternStore.open(store)  # built once: this test is about the counts
    results = _run_all(COUNT_OUTCOMES, str(store), "200")
    for r in results:
        assert r.returncode == 0, r.stderr[-2000:]
    counts = json.loads((store / "outcomes.json").read_text())["triton-grid-floor-div"]
    assert counts == {"successes": 400, "failures": 400}
    assert not list(store.glob(".outcomes.json.*.tmp")) and not list(store.glob("outcomes.unreadable-*"))


def test_unreadable_outcomes_are_kept_aside_not_silently_reset(tmp_path: Path,
                                                              caplog: pytest.LogCaptureFixture) -> None:
    store = PatternStore.open(tmp_path / "store")
    (tmp_path / "store" / "outcomes.json").write_text('{"triton-grid-floor-div": {"successes": 7')
    store.record_outcome("triton-grid-floor-div", True)
    kept = list((tmp_path / "store").glob("outcomes.unreadable-*.json"))
    assert len(kept) == 1 and kept[0].read_text().startswith('{"triton-grid-floor-div"')
    assert json.loads((tmp_path / "store" / "outcomes.json").read_text())["triton-grid-floor-div"]["successes"] == 1


def test_learned_files_are_written_atomically(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    store = PatternStore.open(tmp_path / "store")
    from kagent.patterns import store as store_mod
    from kagent.patterns.schema import load_pattern_text

    real = store_mod.os.replace

    def crash(src: object, dst: object) -> None:  # the process dies between writing and renaming
        raise KeyboardInterrupt("killed")

    monkeypatch.setattr(store_mod.os, "replace", crash)
    with pytest.raises(KeyboardInterrupt):
        store.add(load_pattern_text(EXTRA.format(n=3), "x.yaml"))
    monkeypatch.setattr(store_mod.os, "replace", real)
    assert not list((tmp_path / "store" / "learned").iterdir())  # no half-written pattern, no temp left
    assert len(PatternStore.open(tmp_path / "store")) == N_SEED


def test_cli_reports_a_chroma_file_without_a_traceback(tmp_path: Path) -> None:
    (tmp_path / "s").mkdir()
    (tmp_path / "s" / "chroma").write_text("not a directory")
    r = subprocess.run([sys.executable, "-m", "kagent.cli", "patterns", "--store", str(tmp_path / "s"), "search",
                        "mask"], capture_output=True, text=True, timeout=240)
    assert r.returncode == 2 and "is a file" in r.stderr and "Traceback" not in r.stderr


def test_an_index_of_the_old_layout_is_cleared(tmp_path: Path) -> None:
    (tmp_path / "s" / "chroma").mkdir(parents=True)
    (tmp_path / "s" / "chroma" / "chroma.sqlite3").write_bytes(b"old")
    (tmp_path / "s" / "chroma" / "0b8e2c8a-segment").mkdir()
    s = PatternStore.open(tmp_path / "s")
    assert len(s) == N_SEED
    assert sorted(p.name for p in (tmp_path / "s" / "chroma").iterdir()) == [s._index.path.name]
