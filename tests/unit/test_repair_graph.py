"""The repair graph's logic on a toy problem with an injected verifier, store and engine (fast)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from kagent.repair.run import repair
from kagent.repair.state import RepairConfig

from repair_fakes import (FakePattern, FakeStore, FakeSymptoms, FakeVerify, ListingStore, fake_static, make_fixes,
                          toy_source, write_toy)
from kagent.report import Finding, Timing


def _run(tmp_path, bugs=2, *, verify=None, fixes=None, store=None, known=None, **kw):
    p = write_toy(tmp_path, bugs)
    store = store if store is not None else FakeStore()
    s = repair(p, runs_dir=tmp_path / "runs", verify_fn=verify or FakeVerify(), patterns=store,
               candidate_fixes=fixes or make_fixes(), known_classes=known, static_check=kw.pop("static_check", fake_static),
               **kw)
    return s, store


def _events(summary):
    return [json.loads(x) for x in (Path(summary.run_dir) / "trajectory.jsonl").read_text().splitlines()]


def test_two_step_offline_repair_writes_the_run_directory(tmp_path):
    s, store = _run(tmp_path, bugs=2)
    assert s.status == "repaired" and s.guard is None
    assert s.attempts == 2 and s.candidates == 2 and s.tokens == 0
    run = Path(s.run_dir)
    assert run.name.endswith("__toy__offline")
    for f in ("config.json", "trajectory.jsonl", "checkpoints.sqlite", "summary.json"):
        assert (run / f).is_file(), f
    for n in (0, 1, 2):
        assert (run / "candidates" / str(n) / "source.py").is_file()
        assert (run / "candidates" / str(n) / "report.json").is_file()
    assert "-    x = x + BUG" in (run / "candidates/2/diff.patch").read_text()
    repaired = Path(s.repaired_path)
    assert repaired.is_absolute() and repaired.read_text() == toy_source(0)
    assert store.outcomes == [("toy-drop-bug", True)]
    kinds = [e["event"] for e in _events(s)]
    assert kinds[:4] == ["ingest", "static_anticheat", "verify", "triage"] and kinds[-2:] == ["summary", "learn"]
    verify_events = [e for e in _events(s) if e["event"] == "verify"]
    assert verify_events[0]["report"]["verdict"] == "fail"  # the full report is in the trajectory


def test_already_correct_and_cheating_originals(tmp_path):
    s, _ = _run(tmp_path / "a", bugs=0) if (tmp_path / "a").mkdir() is None else None
    assert s.status == "already_correct" and s.attempts == 0 and s.repaired_path is None
    (tmp_path / "b").mkdir()
    p = tmp_path / "b" / "toy.py"
    p.write_text(toy_source(1).replace("return kernel(x)", "return torch.softmax(x, 0)"))
    s = repair(p, runs_dir=tmp_path / "runs", verify_fn=FakeVerify(), patterns=FakeStore(), candidate_fixes=make_fixes(),
               static_check=fake_static)
    assert s.status == "cheat" and s.triage == "cheat" and s.attempts == 0
    assert [e["event"] for e in _events(s)][:3] == ["ingest", "static_anticheat", "summary"]  # no verify needed


def test_the_originals_first_verify_is_final_only_when_it_fails(tmp_path):
    # the evidence verify (no dynamic anti-cheat) judges the original; only the candidates meet the full one
    for d in "abc":
        (tmp_path / d).mkdir()
    full, evidence = FakeVerify(), FakeVerify()
    s, _ = _run(tmp_path / "a", bugs=1, verify=full, evidence_fn=evidence)
    assert s.status == "repaired"
    assert [p.parent.name for p in evidence.calls] == ["0"] and "0" not in [p.parent.name for p in full.calls]
    # an original the evidence verify passes is verified again in full: a trap may still fail it
    def trap_fails(c, r):
        return FakeVerify()(c, r).model_copy(
            update={"verdict": "cheat", "failure_class": "cheat", "summary": "cheat: a trap fired"})
    s2, _ = _run(tmp_path / "b", bugs=0, verify=trap_fails, evidence_fn=FakeVerify())
    assert s2.status == "cheat" and s2.attempts == 0
    s3, _ = _run(tmp_path / "c", bugs=0, evidence_fn=FakeVerify())
    assert s3.status == "already_correct"


def test_far_miss_is_reported_with_its_reason(tmp_path):
    p = tmp_path / "toy.py"
    p.write_text(toy_source(1).replace("x = x + BUG0", "x = x + SYNTAX"))
    s = repair(p, runs_dir=tmp_path / "runs", verify_fn=FakeVerify(), patterns=FakeStore(),
               candidate_fixes=make_fixes(), known_classes=frozenset({"numerical_mismatch"}), static_check=fake_static)
    assert s.status == "unrepaired" and s.triage == "far_miss"
    assert "compile_error" in s.reason and s.attempts == 0


def test_exhausted_engine_ends_unrepaired_never_falsely_repaired(tmp_path):
    # the engine's fixes never remove the bug: only useless edits
    def fixes(hits, src, limit=20):
        useless = [e for e in make_fixes(useless_first=2)(hits, src, limit) if e.transform == "noop"]
        for e in useless:
            e.transform = "drop_bug"  # attributed to the pattern, so its failure is recorded
        return useless
    s, store = _run(tmp_path, bugs=1, fixes=fixes)
    assert s.status == "unrepaired" and s.guard == "exhausted" and s.repaired_path is None
    assert s.attempts == 2  # each useless edit tried once, then nothing untried is left
    assert ("toy-drop-bug", False) in store.outcomes


def test_attempt_limit(tmp_path):
    s, _ = _run(tmp_path, bugs=3, config=RepairConfig(max_attempts=2))
    assert s.status == "unrepaired" and s.guard == "attempts" and s.attempts == 2
    assert "best candidate #2" in s.reason  # it made progress and says where


def test_regression_reverts_to_the_best(tmp_path):
    def fixes(hits, src, limit=20):
        worse = src.replace("    x = x + BUG0\n", "    x = x + BUG0\n    x = x + BUG9\n    x = x + BUG8\n")
        return [type("E", (), dict(transform="make_worse", description="worse", line=1, new_source=worse, cost=0))(),
                *make_fixes()(hits, src, limit)]
    s, _ = _run(tmp_path, bugs=1, fixes=fixes)
    assert s.status == "repaired"
    ev = [e for e in _events(s) if e["event"] == "rejected"]
    assert ev and ev[0]["guard"] == "regression" and ev[0]["index"] == 1
    cand = [e for e in _events(s) if e["event"] == "candidate"]
    assert cand[1]["base"] == 0  # the next edit starts again from the original, not from #1


def test_stall_guard_offline(tmp_path):
    fixes = lambda hits, src, limit=20: [e for e in make_fixes(useless_first=10)(hits, src, limit) if e.transform == "noop"]
    s, _ = _run(tmp_path, bugs=1, fixes=fixes, config=RepairConfig(offline_stall_k=3))
    assert s.status == "unrepaired" and s.guard == "stall" and s.attempts == 2


def test_degeneration_rejects_a_much_slower_repair(tmp_path):
    s, _ = _run(tmp_path, bugs=1, verify=FakeVerify(slow_ms=5.0))
    assert s.status == "unrepaired" and s.repaired_path is None
    rej = [e for e in _events(s) if e["event"] == "rejected"]
    assert rej and rej[0]["guard"] == "degeneration" and "5.00x slower" in rej[0]["reason"]
    s2, _ = _run(tmp_path / "x" if (tmp_path / "x").mkdir() is None else None, bugs=1, verify=FakeVerify(slow_ms=1.2))
    assert s2.status == "repaired"


def test_wall_time_guard(tmp_path):
    s, _ = _run(tmp_path, bugs=2, config=RepairConfig(timeout_s=1e-9))
    assert s.status == "unrepaired" and s.guard == "wall_time"


def test_a_candidate_whose_verify_runs_into_the_time_limit_is_said_to_be_unjudged(tmp_path):
    import time

    def slow_candidate(c, r):
        report = FakeVerify()(c, r)
        if Path(c).parent.name == "0":
            return report
        time.sleep(1.6)  # the run's time ends inside this verify, whose worker then times out
        f = Finding(check="worker", severity="error", failure_class="timeout", case="shape_rows_past_grid_cap",
                    message="the candidate made no progress for 1 s in case shape_rows_past_grid_cap")
        return report.model_copy(update={"verdict": "fail", "failure_class": "timeout", "findings": [f],
                                         "summary": "timeout: no progress"})
    s, _ = _run(tmp_path, bugs=1, verify=slow_candidate, config=RepairConfig(timeout_s=1.5))
    assert s.status == "unrepaired" and s.guard == "wall_time"
    assert "candidate #1" in s.reason and "not judged" in s.reason and "shape_rows_past_grid_cap" in s.reason
    assert any(e["event"] == "unjudged" for e in _events(s))


def test_recursion_limit_is_a_reported_stop(tmp_path, monkeypatch):
    import kagent.repair.run as run

    monkeypatch.setattr(run, "recursion_limit", lambda max_attempts: 8)
    s, _ = _run(tmp_path, bugs=3)
    assert s.status == "unrepaired" and s.guard == "recursion_limit"
    assert json.loads((Path(s.run_dir) / "summary.json").read_text())["guard"] == "recursion_limit"


def test_resume_after_a_kill_finishes_with_the_same_result(tmp_path):
    ref, _ = _run(tmp_path / "ref" if (tmp_path / "ref").mkdir() is None else None, bugs=3)
    p = write_toy(tmp_path, 3)
    with pytest.raises(KeyboardInterrupt):
        repair(p, runs_dir=tmp_path / "runs", verify_fn=FakeVerify(interrupt_at=3), patterns=FakeStore(),
               candidate_fixes=make_fixes(), static_check=fake_static)
    run = next((tmp_path / "runs").iterdir())
    assert not (run / "summary.json").exists()
    verify = FakeVerify()
    s = repair(resume=run, verify_fn=verify, patterns=FakeStore(), candidate_fixes=make_fixes(), static_check=fake_static)
    assert (s.status, s.attempts, s.candidates, s.best_index) == (ref.status, ref.attempts, ref.candidates, ref.best_index)
    assert Path(s.repaired_path).read_text() == Path(ref.repaired_path).read_text()
    assert len(verify.calls) == 2  # only the candidates not verified before the kill
    assert "resume" in [e["event"] for e in _events(s)]
    again = repair(resume=run, verify_fn=FakeVerify(), patterns=FakeStore(), candidate_fixes=make_fixes(),
                   static_check=fake_static)
    assert again == s  # a finished run resumes to its summary


def test_cli_resume_of_a_finished_run_prints_the_summary(tmp_path):
    import typer
    from typer.testing import CliRunner

    from kagent.cli.repair import repair as repair_cmd

    s, _ = _run(tmp_path, bugs=1)
    app = typer.Typer()
    app.command()(repair_cmd)
    app.callback()(lambda: None)
    r = CliRunner().invoke(app, ["repair", "--resume", s.run_dir, "--json"])
    assert r.exit_code == 0, r.output
    assert json.loads(r.stdout)["status"] == "repaired"
    r = CliRunner().invoke(app, ["repair", str(tmp_path / "missing.py"), "--json"])
    assert r.exit_code == 2


KILLED_RUN = """
import sys, time
sys.path.insert(0, {fakes!r})
from pathlib import Path
from repair_fakes import FakeStore, FakeVerify, fake_static, make_fixes
from kagent.repair.run import repair

class Hang(FakeVerify):
    def __call__(self, candidate, reference):
        if len(self.calls) == 2:  # the second candidate: hang until killed
            print("HANGING", flush=True)
            time.sleep(600)
        return super().__call__(candidate, reference)

repair(Path({toy!r}), runs_dir=Path({runs!r}), verify_fn=Hang(), patterns=FakeStore(), candidate_fixes=make_fixes(),
       static_check=fake_static)
"""


def test_a_process_killed_with_sigkill_resumes_to_the_same_result(tmp_path):
    import os
    import signal
    import subprocess
    import sys

    ref, _ = _run(tmp_path / "ref" if (tmp_path / "ref").mkdir() is None else None, bugs=3)
    toy = write_toy(tmp_path, 3)
    script = KILLED_RUN.format(fakes=str(Path(__file__).parent), toy=str(toy), runs=str(tmp_path / "runs"))
    proc = subprocess.Popen([sys.executable, "-c", script], stdout=subprocess.PIPE, text=True, start_new_session=True)
    try:
        line = proc.stdout.readline()
        assert line.strip() == "HANGING", line
    finally:
        os.killpg(proc.pid, signal.SIGKILL)
        proc.wait(timeout=30)
    run = next((tmp_path / "runs").iterdir())
    assert not (run / "summary.json").exists()
    s = repair(resume=run, verify_fn=FakeVerify(), patterns=FakeStore(), candidate_fixes=make_fixes(), static_check=fake_static)
    assert (s.status, s.attempts, s.candidates, s.best_index) == (ref.status, ref.attempts, ref.candidates, ref.best_index)
    assert Path(s.repaired_path).read_text() == Path(ref.repaired_path).read_text()


# -- audit fixes --------------------------------------------------------------------------------
LOAD_INLINE = Path(__file__).resolve().parents[1] / "gpu" / "fixtures" / "cuda_add_no_bounds_check.py"


def _load_inline_candidate(tmp_path, bug=True):
    p = tmp_path / "cuda_add.py"
    src = LOAD_INLINE.read_text()
    p.write_text(src.replace("class ModelNew", "_BUG0 = 0  # the fake verifier fails this file\nclass ModelNew") if bug else src)
    return p


def test_a_load_inline_kernel_is_unsupported_offline_without_cuda_patterns(tmp_path):
    p = _load_inline_candidate(tmp_path)
    v = FakeVerify()
    s = repair(p, runs_dir=tmp_path / "runs", verify_fn=v, patterns=ListingStore(), candidate_fixes=make_fixes(),
               static_check=fake_static)  # the store's only fixing pattern is for triton
    assert s.status == "unrepaired" and s.triage == "unsupported" and s.attempts == 0
    assert "load_inline" in s.reason and "backend cuda" in s.reason
    assert len(v.calls) == 1  # verified once (a correct or cheating kernel keeps its verdict), never edited
    ingest = _events(s)[0]
    assert (ingest["backend"], ingest["frontend"]) == ("cuda", "load_inline")


def test_a_correct_load_inline_kernel_is_already_correct_offline(tmp_path):
    p = _load_inline_candidate(tmp_path, bug=False)
    s = repair(p, runs_dir=tmp_path / "runs", verify_fn=FakeVerify(), patterns=ListingStore(), candidate_fixes=make_fixes(),
               static_check=fake_static)
    assert s.status == "already_correct", s.reason


def test_the_detected_backend_drives_retrieval(tmp_path):
    p = _load_inline_candidate(tmp_path)
    store = ListingStore(patterns=[FakePattern("cuda-drop-bug", backends=["cuda"])])
    s = repair(p, runs_dir=tmp_path / "runs", verify_fn=FakeVerify(), patterns=store, candidate_fixes=make_fixes(),
               static_check=fake_static)
    assert s.status == "repaired" and store.backends and set(store.backends) == {"cuda"}


def test_offline_triage_uses_the_error_regexes_of_the_fixing_patterns(tmp_path):
    p = tmp_path / "toy.py"
    p.write_text("import triton.language as tl\n" + toy_source(1).replace("x = x + BUG0", "x = x + SYNTAX"))
    store = ListingStore(patterns=[FakePattern("p", symptoms=FakeSymptoms(["compile_error"], ["no attribute"]))])
    s = repair(p, runs_dir=tmp_path / "runs", verify_fn=FakeVerify(), patterns=store, candidate_fixes=make_fixes(),
               static_check=fake_static)
    # compile_error is a class the pattern lists, but its regex does not name a SyntaxError
    assert s.triage == "far_miss" and "names this error" in s.reason


def test_degeneration_is_not_checked_against_another_baseline(tmp_path):
    # the original is not timed (the reference is): the repair must not be judged against the reference
    v = FakeVerify(slow_ms=5.0, failing_timing=Timing(status="not_measured", reference_ms=1.0))
    s, _ = _run(tmp_path, bugs=1, verify=v)
    assert s.status == "repaired"
    skipped = [e for e in _events(s) if e["event"] == "guard_skipped"]
    assert skipped and skipped[0]["name"] == "degeneration" and skipped[0]["reason"].startswith("not checked")
    assert not [e for e in _events(s) if e["event"] == "rejected"]


def test_a_passing_edit_that_fails_at_the_second_seed_is_not_repaired(tmp_path):
    """A search can fit the run's one draw of inputs: the edit that passes it is verified once more at
    another seed, and one that fails there is rejected (the run goes on), never `repaired`."""
    seen = []

    def confirm_fails(candidate, reference):
        seen.append(Path(candidate).read_text())
        report = FakeVerify()(candidate, reference)
        return report.model_copy(update={"verdict": "fail", "failure_class": "numerical_mismatch", "seed": 7,
                                         "summary": "numerical_mismatch: at the other draw"})

    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    s, _ = _run(tmp_path / "a", bugs=1, confirm_fn=confirm_fails)
    assert s.status == "unrepaired" and s.repaired_path is None and seen == [toy_source(0)]
    rejected = [e for e in _events(s) if e["event"] == "rejected"]
    assert rejected and rejected[0]["guard"] == "confirm" and "at seed 7" in rejected[0]["reason"]
    assert any(e["event"] == "confirm" and e["verdict"] == "fail" for e in _events(s))

    s2, _ = _run(tmp_path / "b", bugs=1, confirm_fn=lambda c, r: FakeVerify()(c, r))
    assert s2.status == "repaired"
    assert (Path(s2.run_dir) / "candidates" / str(s2.best_index) / "confirm_report.json").is_file()

    # a second seed whose reference cannot run (a worker starved past its deadline) rejects the edit with
    # the reason; the run goes on and ends with a status, never an exception
    def reference_fails(candidate, reference):
        from kagent.errors import ReferenceFailed
        raise ReferenceFailed("the reference worker made no progress for 11 s")

    (tmp_path / "c").mkdir()
    s3, _ = _run(tmp_path / "c", bugs=1, confirm_fn=reference_fails)
    assert s3.status == "unrepaired" and s3.repaired_path is None
    rejected = [e for e in _events(s3) if e["event"] == "rejected"]
    assert rejected and "could not run" in rejected[0]["reason"] and "no progress" in rejected[0]["reason"]


def test_a_stalled_better_base_backtracks_to_the_one_before(tmp_path):
    """A decoy edit halves the bugs (a better base) and nothing from there helps: the stall guard
    sends the search back to the original, which goes on to the real fixes."""
    def fixes(hits, src, limit=20):
        if "DEADEND" in src:
            return [e for e in make_fixes(useless_first=10)(hits, src, limit) if e.transform == "noop"]
        decoy = src.replace("    x = x + BUG0\n", "    x = x  # DEADEND\n")
        fixed = src.replace("    x = x + BUG0\n", "").replace("    x = x + BUG1\n", "")
        edit = lambda name, new: type("E", (), dict(transform=name, description=name, line=1, new_source=new, cost=0))()
        return [edit("decoy", decoy), edit("fix_both", fixed)]
    s, _ = _run(tmp_path, bugs=2, fixes=fixes, config=RepairConfig(offline_stall_k=3))
    assert s.status == "repaired", s.reason
    backs = [e for e in _events(s) if e["event"] == "backtrack"]
    assert backs and backs[0]["to"] == 0 and "same failure" in backs[0]["reason"]
    assert "DEADEND" not in Path(s.repaired_path).read_text()


def test_the_confirm_verify_redraws_the_seeds_and_skips_what_the_verify_before_covered():
    from kagent.config import VerifyConfig
    from kagent.repair.run import confirm_config

    base = VerifyConfig(seed=5, sanitize=True)
    c = confirm_config(base)
    assert c.seed != base.seed
    # sizes, repeats and memory accesses are the same at any seed: the verify before judged them
    assert not (c.adversarial_shapes or c.rows_past_4096 or c.index_past_2_24 or c.determinism)
    assert not (c.sanitize or c.sanitize_cuda_c)
    assert c.model_dump(exclude={"seed", "adversarial_shapes", "rows_past_4096", "index_past_2_24", "determinism",
                                 "sanitize", "sanitize_cuda_c"}) == \
        base.model_dump(exclude={"seed", "adversarial_shapes", "rows_past_4096", "index_past_2_24", "determinism",
                                 "sanitize", "sanitize_cuda_c"})


def test_the_search_leaves_time_to_verify_what_it_finds():
    from kagent.repair.nodes import search_deadline
    from kagent.report import VerifyReport

    def base(seconds, reference=0.0):
        return VerifyReport(verdict="fail", summary="x", candidate="c", reference="r", device="cpu",
                            seconds=seconds, phases={"reference": reference})

    assert search_deadline(None, base(10)) is None
    assert search_deadline(240, base(12)) == 192  # a quick verify: the usual 80%
    # a CUDA C verify (an extension build) of 70 s: what the screen passes at 192 s could not be proven
    assert search_deadline(240, base(70)) == 240 - 84
    assert search_deadline(240, base(100, reference=30)) == 240 - 84  # the reference run is cached after
    assert search_deadline(100, base(90)) == 50  # never under half
    # the original's evidence verify (no traps) is cheaper than the full verify a found fix meets
    assert search_deadline(240, base(50), cost_ratio=1.65) == 240 - 1.2 * 50 * 1.65
