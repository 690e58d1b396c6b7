"""The LLM path of `kagent repair`, driven by the scripted litellm provider (offline, real token
counts) against the toy problem and the fake verifier."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import yaml

from kagent.repair.run import repair
from kagent.repair.state import RepairConfig

from repair_fakes import FakeStore, FakeVerify, fake_static, no_static, write_toy


def fix(i: int) -> str:
    return f"The BUG{i} term is spurious.\n```python\n<<<<<<< SEARCH\n    x = x + BUG{i}\n=======\n>>>>>>> REPLACE\n```\n"


def tweak(i: int, k: int) -> str:
    return f"<<<<<<< SEARCH\n    x = x + BUG{i}\n=======\n    x = x + BUG{i} * {k}\n>>>>>>> REPLACE\n"


CHEAT = "<<<<<<< SEARCH\n        return kernel(x)\n=======\n        return torch.softmax(x, 0)\n>>>>>>> REPLACE\n"


def _script(tmp_path: Path, items: list) -> str:
    p = tmp_path / "script.yaml"
    p.write_text(yaml.safe_dump(items))
    return f"script:{p}"


def _run(tmp_path, items, bugs=2, *, config=None, verify=None, sleep=None, store=None, static=fake_static, **kw):
    p = write_toy(tmp_path, bugs)
    cfg = (config or RepairConfig()).model_copy(update={"model": _script(tmp_path, items)})
    slept: list[float] = []
    s = repair(p, runs_dir=tmp_path / "runs", config=cfg, verify_fn=verify or FakeVerify(),
               patterns=store if store is not None else FakeStore(), candidate_fixes=None,
               sleep=sleep or slept.append, static_check=static, **kw)
    return s, slept


def _events(s, kind=None):
    ev = [json.loads(x) for x in (Path(s.run_dir) / "trajectory.jsonl").read_text().splitlines()]
    return [e for e in ev if kind is None or e["event"] == kind]


def test_two_step_llm_repair_counts_real_tokens(tmp_path):
    store = FakeStore()
    s, _ = _run(tmp_path, [fix(0), fix(1)], store=store)
    assert len(store.learned) == 1 and store.learned[0]["failure_class"] == "numerical_mismatch"  # it learns
    assert s.status == "repaired" and s.attempts == 2 and s.llm_calls == 2
    answers = _events(s, "llm_answer")
    assert len(answers) == 2
    for a in answers:
        assert a["prompt_tokens"] == a["counted_prompt_tokens"] > 200  # the prompt is real
        assert 0 < a["completion_tokens"] < 60
        assert "<<<<<<< SEARCH" in a["prompt"][1]["content"] and "x = x + BUG" in a["prompt"][1]["content"]
    assert s.tokens == sum(a["prompt_tokens"] + a["completion_tokens"] for a in answers)
    assert "toy-drop-bug" in answers[0]["prompt"][1]["content"]  # retrieved patterns are in the prompt
    assert "candidate #1" in answers[1]["prompt"][1]["content"]  # and the history
    assert not s.cost_known  # the scripted model has no price


def test_price_model_gives_a_cost_and_the_cost_guard_stops(tmp_path):
    cfg = RepairConfig(price_model="gpt-4o", cost_budget_usd=1e-6)
    s, _ = _run(tmp_path, [fix(0), fix(1)], config=cfg)
    assert s.cost > 0 and s.cost_known
    assert s.status == "unrepaired" and s.guard == "cost" and s.llm_calls == 1


def test_malformed_and_non_applying_answers_come_back_as_feedback(tmp_path):
    items = ["Looks fine to me.", "<<<<<<< SEARCH\n    x = x + NOPE\n=======\n\n>>>>>>> REPLACE\n", fix(0), fix(1)]
    s, _ = _run(tmp_path, items)
    assert s.status == "repaired" and s.attempts == 4 and s.llm_calls == 4
    answers = _events(s, "llm_answer")
    assert [a["outcome"] for a in answers] == ["feedback", "feedback", "candidate", "candidate"]
    assert answers[0]["feedback"].startswith("malformed")
    assert answers[1]["feedback"].startswith("no_match")
    assert "could not be used" in answers[1]["prompt"][1]["content"]
    assert "malformed" in answers[1]["prompt"][1]["content"]


def test_an_edit_touching_the_reference_is_refused(tmp_path):
    touch = "<<<<<<< SEARCH\nN = 8\n=======\nN = 4\n>>>>>>> REPLACE\n"
    s, _ = _run(tmp_path, [touch, fix(0), fix(1)])
    assert s.status == "repaired"
    first = _events(s, "llm_answer")[0]
    assert first["outcome"] == "feedback" and first["feedback"].startswith("touches_reference")


@pytest.mark.parametrize("static", [fake_static, no_static], ids=["static-precheck", "verifier"])
def test_a_patch_that_cheats_is_rejected_and_recorded(tmp_path, static):
    s, _ = _run(tmp_path, [CHEAT, fix(0), fix(1)], static=static)
    assert s.status == "repaired" and s.attempts == 3
    rej = _events(s, "rejected")
    assert rej and rej[0]["guard"] == "cheat" and rej[0]["index"] == 1
    cands = _events(s, "candidate")
    assert cands[1]["base"] == 0  # the cheat was not kept as the base
    assert "torch.softmax" not in Path(s.repaired_path).read_text()


def test_transient_provider_errors_are_retried_with_backoff(tmp_path):
    items = [{"error": "rate_limit"}, {"error": "unavailable"}, fix(0), fix(1)]
    s, slept = _run(tmp_path, items, config=RepairConfig(llm_backoff_s=0.5))
    assert s.status == "repaired" and s.llm_calls == 2
    assert slept == [0.5, 1.0]
    first = _events(s, "llm_answer")[0]
    assert first["requests"] == 3 and [r.split(":")[0] for r in first["retries"]] == ["RateLimitError", "ServiceUnavailableError"]


def test_a_permanent_provider_error_ends_the_run(tmp_path):
    s, slept = _run(tmp_path, [{"error": "auth", "message": "invalid key"}])
    assert s.status == "error" and s.guard == "provider_error" and "AuthenticationError" in s.reason
    assert slept == [] and s.attempts == 0


def test_transient_errors_past_the_retries_end_the_run(tmp_path):
    s, slept = _run(tmp_path, [{"error": "timeout"}] * 3, config=RepairConfig(llm_retries=2))
    assert s.status == "error" and s.guard == "provider_error" and "after 2 retries" in s.reason
    assert len(slept) == 2


def test_token_budget_is_never_exceeded_and_stops_mid_run(tmp_path):
    free, _ = _run(tmp_path / "free" if (tmp_path / "free").mkdir() is None else None, [fix(0), fix(1)])
    a1, a2 = _events(free, "llm_answer")
    first = a1["prompt_tokens"] + a1["completion_tokens"]
    # room for the first call and its answer, but not for the second prompt plus a useful answer
    budget = first + a2["counted_prompt_tokens"] + 40
    cfg = RepairConfig(token_budget=budget, min_answer_tokens=64, max_tokens_per_call=200)
    s, _ = _run(tmp_path, [fix(0), fix(1)], config=cfg)
    assert s.status == "unrepaired" and s.guard == "token_budget"
    assert s.llm_calls == 1 and s.tokens == first <= budget
    assert _events(s, "llm_refused")


def test_answers_are_cut_at_the_tokens_the_budget_leaves(tmp_path):
    long_answer = "reasoning " * 400 + fix(0)
    cfg = RepairConfig(max_tokens_per_call=100, min_answer_tokens=10)
    s, _ = _run(tmp_path, [long_answer, fix(0), fix(1)], config=cfg)
    a = _events(s, "llm_answer")[0]
    assert a["completion_tokens"] == 100 and a["outcome"] == "feedback" and "cut at max_tokens" in a["feedback"]
    assert s.status == "repaired"


def test_stall_guard_llm(tmp_path):
    s, _ = _run(tmp_path, [tweak(0, k) for k in range(2, 8)], config=RepairConfig(stall_k=3))
    assert s.status == "unrepaired" and s.guard == "stall" and s.attempts == 2


def test_oscillation_guard_llm(tmp_path):
    s, _ = _run(tmp_path, [tweak(0, 2), tweak(0, 2)], config=RepairConfig(stall_k=5))
    assert s.status == "unrepaired" and s.guard == "oscillation"
    assert "equals candidate #1" in s.reason


def test_replay_of_a_recorded_run_is_deterministic(tmp_path):
    items = [{"error": "rate_limit"}, "no edits here", fix(0), fix(1)]
    s, _ = _run(tmp_path / "rec" if (tmp_path / "rec").mkdir() is None else None, items)
    assert s.status == "repaired"
    p = write_toy(tmp_path, 2)
    r = repair(p, runs_dir=tmp_path / "runs", model=f"replay:{s.run_dir}/trajectory.jsonl", verify_fn=FakeVerify(),
               patterns=FakeStore(), candidate_fixes=None, sleep=lambda _: None, static_check=fake_static)
    assert (r.status, r.attempts, r.tokens, r.llm_calls) == (s.status, s.attempts, s.tokens, s.llm_calls)
    assert Path(r.repaired_path).read_text() == Path(s.repaired_path).read_text()
    assert [a["answer"] for a in _events(r, "llm_answer")] == [a["answer"] for a in _events(s, "llm_answer")]


def test_llm_run_killed_mid_loop_resumes_to_the_same_result(tmp_path):
    items = ["nothing", fix(0), fix(1)]
    ref, _ = _run(tmp_path / "ref" if (tmp_path / "ref").mkdir() is None else None, items)
    with pytest.raises(KeyboardInterrupt):
        _run(tmp_path, items, verify=FakeVerify(interrupt_at=2))
    run = next((tmp_path / "runs").iterdir())
    s = repair(resume=run, verify_fn=FakeVerify(), patterns=FakeStore(), candidate_fixes=None, sleep=lambda _: None,
               static_check=fake_static)
    assert (s.status, s.attempts, s.tokens, s.llm_calls) == (ref.status, ref.attempts, ref.tokens, ref.llm_calls)
    assert Path(s.repaired_path).read_text() == Path(ref.repaired_path).read_text()


# -- audit fixes: the budget holds against a provider that counts more than litellm does --------
def test_inflated_usage_within_the_fallback_margin_keeps_the_total_within_the_budget(tmp_path):
    # the scripted model has no tokenizer of its own in litellm: reserved at x1.5; the provider
    # reports 1.43x what was counted (the audit's 489 -> 700), so every call fits its reservation
    items = {"usage_factor": 1.43, "answers": [tweak(0, k) for k in range(2, 12)]}
    budget = 2600
    s, _ = _run(tmp_path, items, config=RepairConfig(token_budget=budget, min_answer_tokens=32, max_tokens_per_call=64,
                                                     stall_k=20))
    answers = _events(s, "llm_answer")
    assert len(answers) >= 2 and all(a["prompt_tokens"] > a["counted_prompt_tokens"] * 1.4 for a in answers)
    assert all(a["overrun_tokens"] == 0 for a in answers)
    assert s.guard == "token_budget" and _events(s, "llm_refused")  # it ran until the next call could not fit
    assert s.tokens <= budget


def test_usage_beyond_the_reservation_stops_the_run_at_once(tmp_path):
    # a provider that bills far more completion than the max_tokens it was sent (a provider bug: the
    # one case the reservation cannot bound) is charged as reported and no further call is made
    items = {"answers": [{"text": fix(0), "overreport": 100.0}, fix(1)]}
    budget = 3000  # the first call (prompt with the localization, reserved x1.5) fits
    s, _ = _run(tmp_path, items, config=RepairConfig(token_budget=budget, min_answer_tokens=32, max_tokens_per_call=64))
    assert s.status == "unrepaired" and s.guard == "token_budget"
    assert "overran by" in s.reason and "no further calls" in s.reason
    answers = _events(s, "llm_answer")
    assert len(answers) == 1 and answers[0]["overrun_tokens"] > 0 and s.llm_calls == 1  # no second call
    assert not _events(s, "candidate")  # stopped at once: the overrun answer is not pursued
    over = s.tokens - budget
    if over > 0:
        assert f"overrun by {over}" in s.reason


def test_a_refusal_by_the_dollar_budget_is_the_cost_guard(tmp_path):
    from kagent.budget import Ledger, LedgerSnapshot

    class SpentMeanwhile(Ledger):
        """A shared ledger whose dollars another job spends between the gate and the call."""

        checks = 0

        def cost_exhausted(self) -> bool:
            self.checks += 1
            return self.checks > 1 and super().cost_exhausted()

    led = SpentMeanwhile(token_budget=None, cost_budget_usd=0.01, spent=LedgerSnapshot(cost_usd=0.02))
    s, _ = _run(tmp_path, [fix(0), fix(1)], ledger=led)
    assert s.status == "unrepaired" and s.guard == "cost" and s.reason.startswith("cost:")
    assert _events(s, "llm_refused")[0]["budget"] == "cost"


def test_llm_requests_and_retries_are_capped_by_the_remaining_wall_time(tmp_path, monkeypatch):
    from kagent.config import offline_llm_env

    offline_llm_env()
    import litellm

    seen: list[float] = []
    real = litellm.completion

    def spy(*a, **kw):
        seen.append(kw["timeout"])
        return real(*a, **kw)

    monkeypatch.setattr(litellm, "completion", spy)
    cfg = RepairConfig(timeout_s=60.0, llm_timeout_s=300.0, llm_backoff_s=100.0)
    s, slept = _run(tmp_path, [{"error": "rate_limit"}, fix(0), fix(1)], config=cfg)
    assert seen and all(t <= 60.0 for t in seen)  # not the 300 s a request may take otherwise
    assert s.status == "unrepaired" and s.guard == "wall_time" and "backoff of 100.0 s" in s.reason
    assert slept == []  # a backoff that outlasts the run is not slept


def test_verify_timeouts_are_capped_by_the_remaining_wall_time(tmp_path):
    from repair_fakes import TimedFakeVerify

    v = TimedFakeVerify()
    s, _ = _run(tmp_path, [fix(0), fix(1)], verify=v, config=RepairConfig(timeout_s=120.0))
    assert s.status == "repaired" and len(v.timeouts) == 3
    assert all(t is not None and 0 < t <= 120.0 for t in v.timeouts)
    assert v.timeouts == sorted(v.timeouts, reverse=True)  # what is left only shrinks


def test_kagent_model_is_used_when_a_config_leaves_the_model_unset(tmp_path, monkeypatch):
    model = _script(tmp_path, [fix(0), fix(1)])
    monkeypatch.setenv("KAGENT_MODEL", model)
    p = write_toy(tmp_path, 2)
    s = repair(p, runs_dir=tmp_path / "runs", config=RepairConfig(max_attempts=5), verify_fn=FakeVerify(),
               patterns=FakeStore(), candidate_fixes=None, sleep=lambda _: None, static_check=fake_static)
    assert s.model == model and s.llm_calls == 2 and s.status == "repaired"
    # an explicit model in the config still wins
    s2 = repair(p, runs_dir=tmp_path / "runs2", config=RepairConfig(model="offline"), verify_fn=FakeVerify(),
                patterns=FakeStore(), candidate_fixes=None, sleep=lambda _: None, static_check=fake_static)
    assert s2.model == "offline" and s2.llm_calls == 0
