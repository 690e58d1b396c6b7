"""The edit search: screen survivors first, pairs of error-reducing edits next, the best
improvement last, an explanation when nothing is left (fake screener); and one end-to-end offline
repair of a dev near-miss that no named pattern fixes (real verifier, Triton interpreter)."""

from __future__ import annotations

import json
from pathlib import Path

from kagent.agents.debug import Search, search_propose, source_hash
from kagent.agents.screen import ScreenResult
from kagent.patterns.engine import Candidate, combined
from kagent.patterns.operators.base import Edit

DEV = Path(__file__).resolve().parents[1] / "corpus" / "nearmiss_dev"
BASE = "a = 1\nb = 2\nc = 3\n"


def _cand(line0: int, new: str, prio: float) -> Candidate:
    e = Edit(operator=f"op{line0}", family="f", description=f"line {line0 + 1}", start=line0, stop=line0 + 1, lines=(new,))
    return Candidate(source=e.apply(BASE), origin=f"op{line0}@{line0 + 1}", operator=e.operator, family="f",
                     line=line0 + 1, priority=prio, edit=e)


class FakeScreener:
    """Passes a source only if it holds every `needed` line; scores by how many it holds."""

    case_names = ["seed0"]

    def __init__(self, needed: set[str]):
        self.needed, self.calls = needed, []

    def screen(self, sources, timeout_s=None, base_first=False):
        self.calls.append(len(sources))
        out = []
        for s in sources:
            have = len(self.needed & set(s.splitlines()))
            ok = have == len(self.needed)
            out.append(ScreenResult(passed=ok, score=[0.0 if ok else 1.0, float(len(self.needed) - have), 1.0, 0.5, 0.0],
                                    failing={} if ok else {"seed0": ["numerical_mismatch"]}))
        return out


def _run(search, screener, seen=()):
    return search_propose(BASE, search, screener=screener, combine_fn=combined, seen_hashes=list(seen),
                          deadline_s=None, clock=lambda: 0.0)


def test_a_screen_survivor_is_proposed_and_the_base_is_screened_once():
    good, bad = _cand(1, "b = 20", 0.5), _cand(0, "a = 0", 0.9)
    scr = FakeScreener({"b = 20"})
    s = Search(base_hash="h", pending=[bad, good])
    p = _run(s, scr)
    assert p.status == "candidate" and p.source == good.source and "passed the screen" in p.origin
    assert scr.calls == [3]  # the base and both candidates in one batch
    assert [t.passed for t in s.tried] == [False, True]


class AnyOfScreener(FakeScreener):
    """Passes a source holding any one of `passing` lines."""

    def screen(self, sources, timeout_s=None, base_first=False):
        self.calls.append(len(sources))
        return [ScreenResult(passed=bool(self.needed & set(s.splitlines())), score=[0.0, 0.0, 0.0, 0.0, 0.0]
                             if self.needed & set(s.splitlines()) else [1.0, 1.0, 1.0, 0.5, 0.0],
                             failing={}) for s in sources]


def test_a_survivors_other_edits_of_its_line_are_screened_at_once():
    """`L // B` -> `L % B` passes the screen (right on its cases only); the ceil division of the same
    line is far down the list: it is screened in the same step and kept as a survivor."""
    first = _cand(1, "b = 2 % 7", 0.9)
    filler = [_cand(0, f"a = {i}", 0.5) for i in range(40)]
    right = _cand(1, "b = (2 + 6) // 7", 0.1)
    scr = AnyOfScreener({"b = 2 % 7", "b = (2 + 6) // 7"})
    s = Search(base_hash="h", pending=[first, *filler, right])
    p = _run(s, scr)
    assert p.status == "candidate" and p.source == first.source
    assert [c.source for c in s.survivors] == [right.source]  # screened now, proposed next (or after a backtrack)
    assert scr.calls == [9, 1] and s.batches == 1  # one batch of the schedule, then the line's other edit
    assert _run(s, scr, seen=[]).source == right.source


def test_two_edits_that_each_reduce_the_error_are_combined():
    a, c = _cand(0, "a = 10", 0.9), _cand(2, "c = 30", 0.8)
    scr = FakeScreener({"a = 10", "c = 30"})
    s = Search(base_hash="h", pending=[a, c])
    p = _run(s, scr)
    assert p.status == "candidate" and p.source == "a = 10\nb = 2\nc = 30\n" and " + " in p.origin
    assert s.combined


def test_one_change_at_two_sites_is_screened_as_a_pair_after_the_first_batch():
    base = "".join(f"x{i} = {i}\n" for i in range(40))

    def cand(line0: int, new: str, op: str, what: str) -> Candidate:
        e = Edit(operator=op, family="f", description=f"line {line0 + 1}: {what}", start=line0, stop=line0 + 1,
                 lines=(new,))
        return Candidate(source=e.apply(base), origin=f"{op}@{line0 + 1}", operator=op, family="f", line=line0 + 1,
                         priority=1.0, edit=e)

    # the fault is copied on lines 31 and 36; the same change at each site is screened no better alone
    twins = [cand(30, "x30 = 0", "mask", "mask also bounds k"), cand(35, "x35 = 0", "mask", "mask also bounds k")]
    others = [cand(i, f"x{i} = -1", f"op{i}", "other") for i in range(30)]
    scr = FakeScreener({"x30 = 0", "x35 = 0"})
    s = Search(base_hash="h", pending=[*others[:8], *others[8:], *twins])
    p = search_propose(base, s, screener=scr, combine_fn=combined, seen_hashes=[], deadline_s=None, clock=lambda: 0.0)
    assert p.status == "candidate" and "x30 = 0" in p.source and "x35 = 0" in p.source and " + " in p.origin
    assert len(s.tried) <= 8 + 24  # the pair went in the second batch, not after every single


def test_nothing_passes_the_best_improvement_then_an_explanation():
    a = _cand(0, "a = 10", 0.9)
    scr = FakeScreener({"a = 10", "zzz"})
    s = Search(base_hash="h", pending=[a])
    p = _run(s, scr)
    assert p.status == "candidate" and p.source == a.source and "reduces the error" in p.origin
    p2 = _run(s, scr, seen=[])
    assert p2.status == "exhausted" and "screened 1 candidates" in p2.message and "best: op0@1" in p2.message


def test_offline_repair_of_a_fault_no_pattern_names(tmp_path, monkeypatch):
    """sqrt where rsqrt was meant: the search localizes it, screens, and the full verifier passes it."""
    from kagent.config import VerifyConfig
    from kagent.repair.run import repair

    monkeypatch.setenv("KAGENT_PATTERNS_DIR", str(tmp_path / "patterns"))
    s = repair(DEV / "rmsnorm_sqrt_not_rsqrt.py", None, model="offline", verify_config=VerifyConfig(device="cpu"),
               runs_dir=tmp_path / "runs", max_attempts=4)
    assert s.status == "repaired", s.reason
    run = Path(s.run_dir)
    loc = json.loads((run / "localization_0.json").read_text())
    sqrt_line = next(i + 1 for i, ln in enumerate((DEV / "rmsnorm_sqrt_not_rsqrt.py").read_text().splitlines())
                     if "tl.sqrt(" in ln)
    assert sqrt_line in [x["line"] for x in loc["sites"][:8]]
    search = json.loads((run / "search_0.json").read_text())
    assert any(t["passed"] and t["operator"] == "sqrt_swap" for t in search["tried"])
    assert "tl.rsqrt(ms + eps)" in Path(s.repaired_path).read_text()


def test_the_llm_prompt_carries_the_localization():
    from kagent.agents.debug import debug_messages
    from kagent.agents.localize import localize
    from kagent.report import Finding, VerifyReport

    src = (DEV / "rowmax_init_zero.py").read_text()
    rep = VerifyReport(verdict="fail", failure_class="numerical_mismatch", summary="numerical_mismatch: x",
                       candidate="c.py", reference="c.py", device="cpu",
                       findings=[Finding(check="oracle", severity="error", failure_class="numerical_mismatch",
                                         case="stress_negative", message="m", evidence={"location": "whole_rows"})])
    loc = localize(rep, src)
    msgs = debug_messages(kernel_name="k", backend="Triton", kernel_source=src, reference_source="", single_file=True,
                          report=rep, hits=[], history=[], feedback=None, localization=loc.prompt_lines())
    user = msgs[-1]["content"]
    assert "Where the fault most likely is" in user and "stress_negative" in user
    init = next(i + 1 for i, ln in enumerate(src.splitlines()) if "tl.zeros(" in ln)
    assert f"line {init} " in user


def test_a_class_no_pattern_fixes_is_searched_not_triaged_far_miss(tmp_path, monkeypatch):
    """An fp32 output for an fp16 input: the pattern engine alone triaged it far-miss (no pattern
    with a mechanical fix knows dtype_mismatch); the search repairs it with the out_dtype operator."""
    from kagent.config import VerifyConfig
    from kagent.repair.run import repair

    monkeypatch.setenv("KAGENT_PATTERNS_DIR", str(tmp_path / "patterns"))
    s = repair(DEV / "relu_fp16_out_dtype.py", None, model="offline", verify_config=VerifyConfig(device="cpu"),
               runs_dir=tmp_path / "runs", max_attempts=3)
    assert s.status == "repaired", s.reason
    assert s.triage == "near_miss"
    assert "dtype=x.dtype" in Path(s.repaired_path).read_text()


def test_a_screen_that_cannot_run_a_base_the_verifier_ran_is_bypassed():
    class Broken:
        case_names = ["seed0"]

        def screen(self, sources, timeout_s=None, base_first=False):
            return [ScreenResult(passed=False, score=[2.0, 1.0, 1.0, 1.0, 30.0], failing={"seed0": ["runtime_error"]})
                    for _ in sources]

    a, b = _cand(0, "a = 10", 0.9), _cand(2, "c = 30", 0.8)
    s = Search(base_hash="h", pending=[a, b])
    p = search_propose(BASE, s, screener=Broken(), combine_fn=combined, seen_hashes=[], deadline_s=None,
                       clock=lambda: 0.0, base_runs=True)
    assert p.status == "candidate" and p.source == a.source and "unscreened" in p.origin
    assert "could not run the base" in s.screen_note


def test_a_small_improvement_waits_for_the_second_tier_of_the_original(tmp_path, monkeypatch):
    """Storing `x` for `y` in a smooth bent line (y = x + a small term, its grouping wrong) halves the
    error but leaves every element wrong: it is no base to move to before the original's own
    rewrites are screened, and they hold the grouping. (A base that is a dead end still hands back to
    the one before: test_repair_graph.py's stalled-base test.)"""
    from kagent.config import VerifyConfig
    from kagent.repair.run import repair

    monkeypatch.setenv("KAGENT_PATTERNS_DIR", str(tmp_path / "patterns"))
    s = repair(DEV / "smooth_bent_grouping.py", None, model="offline", verify_config=VerifyConfig(device="cpu"),
               runs_dir=tmp_path / "runs", timeout_s=600)
    assert s.status == "repaired", s.reason
    events = [json.loads(line) for line in (Path(s.run_dir) / "trajectory.jsonl").read_text().splitlines()]
    assert {e.get("base") for e in events if e.get("event") == "candidate"} == {0}  # no detour
    assert "(tl.sqrt(x * x + 4.0) - 2.0) * 0.25 + x" in Path(s.repaired_path).read_text()


def test_a_backtrack_to_an_earlier_case_set_gets_a_live_screener(tmp_path, monkeypatch):
    """The screener is rebuilt when the failing cases change, and the old one closed (its candidates'
    folder removed). Going back to an earlier base, with its earlier case set, must not hand back the
    closed one: that ended real repairs in `error` (FileNotFoundError on cand_N.py)."""
    from types import SimpleNamespace

    import kagent.agents.screen as screen_mod
    from kagent.repair import nodes

    made = []

    class Fake:
        def __init__(self, *a, **kw):
            self.work = tmp_path / f"scr{len(made)}"
            self.work.mkdir()
            made.append(self)

        def prepare(self, cases):
            self.cases = list(cases)

        def close(self):
            self.work.rmdir()

    monkeypatch.setattr(screen_mod, "Screener", Fake)
    ctx = SimpleNamespace(cache={}, run=SimpleNamespace(read_config=lambda: {"verify": {"device": "cpu"}}),
                          config=SimpleNamespace(screen_candidate_s=5.0, screen_device="cpu",
                                                 screen_workers=1))
    state = SimpleNamespace(original=str(tmp_path / "k.py"), verify_reference=str(tmp_path / "r.py"))

    def report(*cases):
        return SimpleNamespace(errors=lambda: [SimpleNamespace(case=c) for c in cases])

    a, _ = nodes._screener(ctx, state, report("seed0", "rows_past_4096"))
    assert nodes._screener(ctx, state, report("rows_past_4096", "seed0"))[0] is a  # same set: reused
    b, _ = nodes._screener(ctx, state, report("seed0"))
    assert b is not a and not a.work.exists()
    again, _ = nodes._screener(ctx, state, report("seed0", "rows_past_4096"))  # the backtrack
    assert again.work.is_dir() and again.cases == ["rows_past_4096", "seed0"]
    assert not b.work.exists() and [s.work.exists() for s in made] == [False, False, True]


def test_a_better_candidate_waits_while_the_bases_other_screen_survivors_are_verified(monkeypatch):
    """`L % BLOCK` passed the screen and all but one case; the ceil division that passed the same
    screen is verified before the better candidate becomes the base, which it does once none is left."""
    from types import SimpleNamespace

    from kagent.repair import nodes
    from kagent.repair.rundir import source_hash
    from kagent.repair.state import RepairState

    sources = {0: BASE, 1: "a = 1\nb = 2 % 7\nc = 3\n"}
    right = _cand(1, "b = (2 + 6) // 7", 0.1)
    search = Search(base_hash="h", survivors=[right])
    ctx = SimpleNamespace(offline=True, cache={("search", source_hash(BASE)): search},
                          run=SimpleNamespace(read_source=lambda n: sources[n]), events=[])
    state = RepairState(base_index=0, deferred_base=1, best_index=1, seen_hashes=[source_hash(sources[1])],
                        pending_origin="operator index_divmod@2 (passed the screen)")
    assert nodes._survivors_left(ctx, state)
    assert nodes._adopt_deferred(state, ctx) is None  # the survivor goes first
    search.survivors.clear()
    monkeypatch.setattr(nodes, "emit", lambda *a, **k: None)
    upd = nodes._adopt_deferred(state, ctx)
    assert upd["base_index"] == 1 and upd["deferred_base"] is None and upd["base_trail"] == [0]


def test_a_run_that_moved_bases_explains_with_its_total_first():
    from kagent.repair.nodes import searched_in_all

    one = Search(base_hash="a", pending=[])
    assert searched_in_all([one], "the edit search screened 0 candidates") == "the edit search screened 0 candidates"
    first, last = Search(base_hash="a", pending=[_cand(0, "a = 10", 0.9)]), Search(base_hash="b", pending=[])
    _run(first, FakeScreener({"a = 10", "zzz"}))
    msg = searched_in_all([first, last], "the edit search screened 0 candidates (none)")
    assert msg.startswith("2 bases searched, 1 candidates screened in all; the last base's: the edit search screened 0")


class TimedScreener(AnyOfScreener):
    """AnyOfScreener whose results carry screen times: the base 1 s, `slow` lines 16 s, the rest 1 s."""

    def __init__(self, needed: set[str], slow: set[str]):
        super().__init__(needed)
        self.slow = slow

    def screen(self, sources, timeout_s=None, base_first=False):
        out = super().screen(sources, timeout_s, base_first)
        return [r.model_copy(update={"seconds": 16.0 if self.slow & set(s.splitlines()) else 1.0})
                for r, s in zip(out, sources)]


def test_a_survivor_far_slower_than_the_base_waits_for_the_second_tier():
    """A block of 32 made 2 passes the screen at 16x the base's time (its verify timed out in a costly shape
    case); the right edit, found in the second tier, goes first; the slow one is proposed once nothing faster
    is left, before any improvement."""
    slow, fast = _cand(1, "b = 22", 0.9), _cand(2, "c = 30", 0.5)
    scr = TimedScreener({"b = 22", "c = 30"}, slow={"b = 22"})
    s = Search(base_hash="h", pending=[slow])

    def more(screened):
        return [] if s.tiers > 1 else [fast]

    def run(seen=()):
        return search_propose(BASE, s, screener=scr, combine_fn=combined, seen_hashes=list(seen), deadline_s=None,
                              clock=lambda: 0.0, more=more, more_tiers=3)

    first = run()
    assert first.source == fast.source and s.tiers == 1
    second = run(seen=[source_hash(first.source)])
    assert second.source == slow.source and "slower than the base" in second.origin
    assert run(seen=[source_hash(first.source), source_hash(second.source)]).status == "exhausted"
