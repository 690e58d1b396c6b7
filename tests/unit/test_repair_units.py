"""Units of the repair loop: the edit format, the ledger, each guard, triage, the templates."""

from __future__ import annotations

import threading

import pytest

from kagent.agents import guards
from kagent.agents.triage import classify
from kagent.budget import Ledger
from kagent.errors import BudgetExceeded
from kagent.report import CaseInfo, Finding, Timing, VerifyReport
from kagent.tools.edits import apply_edits, parse_blocks, source_hash

from repair_fakes import toy_source

SRC = toy_source(2)


def block(search: str, replace: str) -> str:
    return f"<<<<<<< SEARCH\n{search}\n=======\n{replace}\n>>>>>>> REPLACE\n"


# -- edits ------------------------------------------------------------------------------------
def test_blocks_apply_in_order_and_tolerate_fences_and_trailing_spaces():
    ans = "Fix:\n```python\n" + block("    x = x + BUG0   ", "") + block("    x = x + BUG1", "    x = x * 1") + "```"
    r = apply_edits(SRC, ans)
    assert r.status == "applied" and r.blocks == 2
    assert "BUG0" not in r.new_source and "x = x * 1" in r.new_source


@pytest.mark.parametrize(
    "answer,status,needle",
    [
        ("no blocks at all", "malformed", "no edit found"),
        ("<<<<<<< SEARCH\n    x = x + BUG0\n>>>>>>> REPLACE\n", "malformed", "expected ======="),
        ("<<<<<<< SEARCH\n    x = x + BUG0\n=======\nfoo\n", "malformed", "no >>>>>>> REPLACE"),
        ("=======\n", "malformed", "outside a SEARCH block"),
        (block("", "x"), "malformed", "empty SEARCH"),
        (block("    x = x + BUGZ", ""), "no_match", "not found"),
        (block("x = x", ""), "ambiguous", "2 times"),
        (block("    x = x + BUG0", "    x = x + BUG0"), "no_change", "unchanged"),
    ],
)
def test_unusable_answers_are_classified(answer, status, needle):
    r = apply_edits(SRC, answer)
    assert r.status == status and needle in r.message and r.new_source is None


def test_edits_touching_the_reference_are_refused():
    r = apply_edits(SRC, block("        return x * 2\n\n\ndef get_inputs", "        return x * 3\n\n\ndef get_inputs"),
                    guard_reference_part=True)
    assert r.status == "touches_reference" and "Model" in r.message
    r = apply_edits(SRC, block("N = 8", "N = 7"), guard_reference_part=True)
    assert r.status == "touches_reference" and "const:N" in r.message
    r = apply_edits(SRC, "ref.py\n" + block("    x = x + BUG0", ""), reference_names=("ref.py",))
    assert r.status == "touches_reference"
    # the same edit on the candidate part is fine
    assert apply_edits(SRC, block("    x = x + BUG0", ""), guard_reference_part=True).status == "applied"


def test_source_hash_ignores_comments_and_blank_lines_only():
    a = "def f(x):\n    return x + 1\n"
    assert source_hash(a) == source_hash("# c\ndef f(x):  \n\n    return x + 1  # note\n")
    assert source_hash(a) != source_hash("def f(x):\n    return x + 2\n")
    assert parse_blocks(block("a", "b")).blocks[0].search == "a"


# -- ledger -----------------------------------------------------------------------------------
def test_ledger_never_admits_more_than_is_left():
    led = Ledger(token_budget=1000)
    a = led.reserve(600, 500, min_answer_tokens=100)
    assert a.max_tokens == 400  # shrunk to fit
    led.charge(a, 600, 300, 0.01)
    assert led.remaining_tokens() == 100 and led.snapshot().tokens == 900
    with pytest.raises(BudgetExceeded):
        led.reserve(50, 500, min_answer_tokens=60)
    assert led.remaining_tokens() == 100  # a refused call reserves nothing


def test_shared_ledger_between_threads_holds_the_budget():
    led = Ledger(token_budget=10_000)
    admitted: list[int] = []

    def worker():
        for _ in range(50):
            try:
                a = led.reserve(100, 100, min_answer_tokens=100)
            except BudgetExceeded:
                return
            led.charge(a, 100, 100, None)
            admitted.append(1)

    ts = [threading.Thread(target=worker) for _ in range(4)]
    for t in ts:
        t.start()
    for t in ts:
        t.join()
    assert len(admitted) == 50 and led.snapshot().tokens == 10_000 and not led.snapshot().cost_known


def test_cost_ledger():
    led = Ledger(cost_budget_usd=0.05)
    led.charge(None, 10, 10, 0.06)
    assert guards.cost(led).fired
    with pytest.raises(BudgetExceeded):
        led.reserve(1, 1)


# -- guards -----------------------------------------------------------------------------------
def _report(verdict="fail", fc="numerical_mismatch", cases=2, frac=0.2, rel=0.1, timing=None):
    findings = [Finding(check="oracle", severity="error", failure_class=fc, case=f"c{i}", message="m",
                        evidence={"mismatch_fraction": frac, "rel_l2_err": rel, "location": "tail_of_rows"})
                for i in range(cases)] if verdict != "pass" else []
    infos = [CaseInfo(name=f"c{i}", kind="seed", seed=i, shapes=[[4]], dtypes=["float32"]) for i in range(4)]
    return VerifyReport(verdict=verdict, failure_class=fc if verdict != "pass" else None, summary="s", candidate="c",
                        reference="r", device="cpu", findings=findings, cases=infos,
                        timing=timing or Timing(status="not_measured"))


def test_budget_guards():
    led = Ledger(token_budget=100)
    assert not guards.token_budget(led, 100).fired and guards.token_budget(led, 101).fired
    assert guards.attempts(3, 3).fired and not guards.attempts(2, 3).fired
    assert guards.wall_time(10.0, 5.0).fired and not guards.wall_time(10.0, None).fired


def test_stall_and_oscillation():
    assert guards.stall(["a", "b", "b", "b"], 3).fired
    assert not guards.stall(["b", "a", "b"], 3).fired
    assert guards.oscillation("h2", ["h1", "h2"]).reason.startswith("candidate h2 equals candidate #1")
    assert not guards.oscillation("h3", ["h1"]).fired


def test_score_orders_reports_and_regression_reverts():
    one = guards.report_score(_report(cases=1))
    two = guards.report_score(_report(cases=2))
    crash = guards.report_score(_report(fc="crash", cases=1))
    cheat = guards.report_score(_report(verdict="cheat", fc="cheat", cases=1))
    ok = guards.report_score(_report(verdict="pass"))
    assert ok < one < two < crash < cheat
    assert guards.report_score(_report(cases=1, frac=0.1)) < one
    assert guards.regression(two, one).fired and not guards.regression(one, two).fired
    assert guards.failure_signature(_report(cases=2)) == guards.failure_signature(_report(cases=2, rel=0.12))
    assert guards.failure_signature(_report(cases=2)) != guards.failure_signature(_report(cases=2, rel=10.0))


def test_degeneration_only_on_measured_correct_repairs():
    slow = _report(verdict="pass", timing=Timing(status="measured", candidate_ms=3.0, reference_ms=1.0))
    assert guards.degeneration(slow, 1.0, 1.5).fired and "3.00x" in guards.degeneration(slow, 1.0, 1.5).reason
    assert not guards.degeneration(slow, 2.5, 1.5).fired
    assert not guards.degeneration(_report(verdict="pass"), 1.0, 1.5).fired  # CPU: not measured


# -- triage -----------------------------------------------------------------------------------
def _run_failure(fc="compile_error", message="AttributeError: module 'triton' has no attribute 'next_power_of_two'",
                 traceback=None, candidate="/runs/r/candidates/0/source.py", check="run", cases=4):
    tb = traceback if traceback is not None else (
        f'Traceback (most recent call last):\n  File "{candidate}", line 28, in forward\n'
        f"    BLOCK = triton.next_power_of_two(n)\n{message}\n")
    infos = [CaseInfo(name=f"c{i}", kind="seed", seed=i, shapes=[[4]], dtypes=["float32"]) for i in range(4)]
    findings = [Finding(check=check, severity="error", failure_class=fc, case=f"c{i}", message=message,
                        evidence={"traceback": tb}) for i in range(cases)]
    return VerifyReport(verdict="fail", failure_class=fc, summary=f"{fc}: {message}", candidate=candidate,
                        reference="r", device="cpu", findings=findings, cases=infos)


def test_triage_routes():
    assert classify(_report(verdict="pass")).route == "pass"
    assert classify(_report(verdict="cheat", fc="cheat")).route == "cheat"
    d = classify(_report(cases=2, frac=0.3))
    assert d.route == "near_miss" and d.partial and "2 of 4 cases" in d.reason
    far = classify(_report(fc="batch_variance"), known_classes={"numerical_mismatch"})
    assert far.route == "far_miss" and "batch_variance" in far.reason
    assert classify(_report(verdict="error", fc="runtime_error")).route == "unsupported"


def test_total_mismatch_is_far_miss_for_both_engines_partial_is_near():
    # every case wrong in every element, error as large as the answer: nothing to patch
    total = _report(cases=4, frac=1.0, rel=3.0)
    for d in (classify(total, {"numerical_mismatch"}, engine="offline"), classify(total, None, engine="llm")):
        assert d.route == "far_miss" and d.partial is False and "total mismatch" in d.reason
    # all elements wrong but by a little (an eps in the wrong place), or one case right: partial
    assert classify(_report(cases=4, frac=1.0, rel=0.05), {"numerical_mismatch"}).route == "near_miss"
    assert classify(_report(cases=3, frac=1.0, rel=3.0), {"numerical_mismatch"}).route == "near_miss"
    assert classify(_report(cases=4, frac=0.5, rel=3.0), None).route == "near_miss"


def test_a_kernel_that_does_not_run_needs_a_named_error_offline_and_its_own_error_for_an_llm():
    regexes = {"compile_error": ["has no attribute 'next_power_of_two'"], "crash": ["illegal memory access"]}
    rep = _run_failure()
    d = classify(rep, {"compile_error"}, engine="offline", error_regexes=regexes)
    assert d.route == "near_miss" and d.from_kernel and d.named_by == ["has no attribute 'next_power_of_two'"]
    # the class is known but no fixing pattern names this error: the engine has no edit for it
    other = _run_failure(message="TypeError: unsupported operand type(s)")
    d = classify(other, {"compile_error"}, engine="offline", error_regexes=regexes)
    assert d.route == "far_miss" and "names this error" in d.reason
    assert classify(other, None, engine="llm").route == "near_miss"  # the LLM may read the kernel's own error
    # known class, no error knowledge at all (the old rule let every crash through)
    assert classify(_report(fc="crash"), known_classes={"crash"}).route == "far_miss"
    # an error that does not come from the kernel's code: far-miss for both
    infra = _run_failure(message="ModuleNotFoundError: No module named 'triton'",
                         traceback='Traceback:\n  File "/venv/lib/harness.py", line 3\nModuleNotFoundError\n')
    for d in (classify(infra, None, engine="llm"),
              classify(infra, {"compile_error"}, engine="offline", error_regexes={"compile_error": ["triton"]})):
        assert d.route == "far_miss" and d.from_kernel is False and "does not come from the kernel" in d.reason
    # a compiler diagnostic, or the worker dying while it ran a case, is the kernel's
    nvcc = _run_failure(message="RuntimeError: Error building extension 'k': kernel.cu(4): error: identifier undefined",
                        traceback="")
    assert classify(nvcc, None, engine="llm").route == "near_miss"
    died = _run_failure(fc="crash", message="the worker died of SIGSEGV in case c0", traceback="", check="worker")
    assert classify(died, None, engine="llm").from_kernel is True


def test_detect_backend_from_the_source():
    from pathlib import Path

    from kagent.agents.triage import detect_backend

    root = Path(__file__).resolve().parents[1]
    got = {name: detect_backend((root / name).read_text()) for name in (
        "gpu/fixtures/cuda_add_no_bounds_check.py", "adversarial/honest/pycuda_scale.py",
        "adversarial/honest/triton_softmax.py")}
    assert [(b.backend, b.frontend) for b in got.values()] == [("cuda", "load_inline"), ("cuda", "pycuda"),
                                                                 ("triton", "triton")]
    ptx = 'PTX = """\n.version 8.0\n.target sm_90\n.address_size 64\n"""\nimport triton.language as tl\n'
    assert detect_backend(ptx).backend == "ptx"  # a lowered candidate still holds its Triton original
    assert detect_backend(SRC).backend == "unknown"


def test_knowledge_is_per_backend():
    from kagent.agents.triage import knowledge

    from repair_fakes import FakePattern, FakeSymptoms

    pats = [FakePattern("t", backends=["triton"], symptoms=FakeSymptoms(["compile_error"], ["no attribute"])),
            FakePattern("c", backends=["triton", "cuda"], symptoms=FakeSymptoms(["shape_mismatch"], [])),
            FakePattern("nofix", fix=None, backends=["cuda"], symptoms=FakeSymptoms(["crash"], ["illegal"]))]
    t, c, p = (knowledge(pats, b) for b in ("triton", "cuda", "ptx"))
    assert (t.patterns, t.classes, t.error_regexes["compile_error"]) == (2, {"compile_error", "shape_mismatch"},
                                                                        ["no attribute"])
    assert (c.patterns, c.classes) == (1, {"shape_mismatch"}) and p.patterns == 0


def test_degeneration_is_skipped_without_an_original_timing():
    slow = _report(verdict="pass", timing=Timing(status="measured", candidate_ms=3.0, reference_ms=1.0))
    g = guards.degeneration(slow, None, 1.5)
    assert not g.fired and g.reason.startswith("not checked") and "slower" not in g.reason


# -- tokens -----------------------------------------------------------------------------------
def test_the_prompt_reservation_depends_on_the_tokenizer():
    from kagent.tools import llm

    assert llm.exact_tokenizer("gpt-4o") and llm.exact_tokenizer("openai/gpt-4o")
    assert not llm.exact_tokenizer("anthropic/claude-sonnet-4-5")  # litellm falls back to an OpenAI encoding
    assert llm.reserved_prompt_tokens(1000, exact=True) < llm.reserved_prompt_tokens(1000, exact=False)
    # the audit's case: 489 counted, 700 reported by the provider; the fallback reservation holds it
    assert llm.reserved_prompt_tokens(489, exact=False) >= 700


# -- replay -----------------------------------------------------------------------------------
def test_replay_script_is_keyed_by_request_index_and_drops_duplicates(tmp_path):
    import json

    from kagent.tools.scripted_llm import script_from_trajectory

    ev = [
        {"event": "llm_answer", "request_index": 2, "answer": "third", "retries": []},
        {"event": "llm_answer", "request_index": 0, "answer": "first", "retries": ["RateLimitError: slow down"]},
        {"event": "verify"},
        {"event": "llm_answer", "request_index": 2, "answer": "third again (logged twice on resume)", "retries": []},
        {"event": "llm_error", "request_index": 3, "kind": "AuthenticationError", "message": "bad key", "retries": []},
    ]
    p = tmp_path / "trajectory.jsonl"
    p.write_text("\n".join(json.dumps(e) for e in ev) + "\n")
    items = script_from_trajectory(p)
    assert [i.get("text") or i["error"] for i in items] == ["rate_limit", "first", "third", "auth"]
    # an old trajectory without request indices replays in file order
    p.write_text(json.dumps({"event": "llm_answer", "answer": "a"}) + "\n" + json.dumps({"event": "llm_answer", "answer": "b"}))
    assert [i["text"] for i in script_from_trajectory(p)] == ["a", "b"]


# -- templates --------------------------------------------------------------------------------
def test_every_repair_prompt_template_renders_with_its_declared_variables():
    import jinja2

    from kagent.tools.templates import declared_variables, render, template_names

    names = ["debug.j2", "regenerate.j2"]  # the repair loop's templates (other agents test theirs)
    assert set(names) <= set(template_names())
    sample = {
        "kernel_name": "k", "backend": "triton", "kernel_source": "SRC_MARK", "reference_source": "REF_MARK",
        "single_file": False, "verdict": "fail", "failure_class": "numerical_mismatch", "report_summary": "SUM_MARK",
        "findings": ["FINDING_MARK"], "history": ["HIST_MARK"], "feedback": "FEED_MARK", "localization": ["LOC_MARK"],
        "patterns": [{"id": "p1", "title": "t", "explanation": "EXPL_MARK", "example_before": "b", "example_after": "a"}],
    }
    for name in names:
        vars_ = declared_variables(name)
        text = render(name, **{v: sample[v] for v in vars_})
        for v in vars_:
            if isinstance(sample[v], str) and sample[v].endswith("_MARK"):
                assert sample[v] in text, (name, v)
        if vars_:
            with pytest.raises(jinja2.UndefinedError):
                render(name, **{v: sample[v] for v in vars_[1:]})
    with pytest.raises(ValueError):
        render("regenerate.j2", kernel_name="k", backend="t", reference_source="r", bogus=1)


def test_blocks_from_diff_round_trips():
    from kagent.tools.edits import blocks_from_diff

    after = toy_source(0).replace("return x * 2\n\n\nclass ModelNew", "return x * 2.0\n\n\nclass ModelNew")
    ans = blocks_from_diff(SRC, after)
    assert ans.count("<<<<<<< SEARCH") == 1  # nearby changes share one block
    r = apply_edits(SRC, ans)
    assert r.status == "applied" and r.new_source == after


def test_prompt_findings_are_grouped_and_compact():
    from kagent.agents.debug import finding_lines

    lines = finding_lines(_report(cases=3, rel=0.123456789))
    assert len(lines) == 1
    assert "also in 2 more case(s): c1, c2" in lines[0] and "0.123" in lines[0] and "0.1234" not in lines[0]


def test_a_kernel_that_cannot_run_here_is_unsupported_not_a_far_miss():
    from kagent.agents.guards import report_score
    from kagent.agents.triage import classify
    from kagent.report import VerifyReport

    report = VerifyReport(verdict="not_run", summary="needs CUDA: load_inline", candidate="c.py", reference="r.py",
                          device="cpu")
    assert classify(report, None, engine="llm").route == "unsupported"
    assert report_score(report)[0] == 3.0


def test_call_usage_is_held_by_one_model():
    """An LLM call's usage lives in CallUsage: the answer and the debug agent's proposal embed it
    rather than copying its fields; the graph state's totals are read and written as one snapshot."""
    from kagent.agents.debug import Proposal
    from kagent.budget import CallUsage, LedgerSnapshot
    from kagent.repair.state import RepairState
    from kagent.tools.llm import LLMAnswer

    usage_fields = set(CallUsage.model_fields)
    for model in (LLMAnswer, Proposal):
        assert model.model_fields["usage"].annotation is CallUsage
        assert not usage_fields & set(model.model_fields), model.__name__
    spent = LedgerSnapshot(prompt_tokens=3, completion_tokens=4, cost_usd=0.5, calls=2, cost_known=False)
    assert RepairState(**RepairState.spent_update(spent)).spent == spent
    state = RepairState()
    state.spent.add_call(10, 10, 1.0)  # a copy: the state changes only through an update
    assert state.spent == LedgerSnapshot()


def test_a_precision_only_repair_is_not_held_to_the_originals_time():
    """A TF32 dot made full float32 (or an fp16 accumulator made float32) is slower because it computes
    what the reference computes; any other edit is still held to the original's time."""
    original = "acc += tl.dot(a, b)\nacc = tl.zeros((M, N), dtype=tl.float16)\n"
    ieee = 'acc += tl.dot(a, b, input_precision="ieee")\nacc = tl.zeros((M, N), dtype=tl.float32)\n'
    assert guards.precision_only(original, ieee)
    assert not guards.precision_only(original, original)
    assert not guards.precision_only(original, "acc += tl.dot(a, b)\nfor i in range(M):\n    acc = 0\n")
    slow = _report(verdict="pass", timing=Timing(status="measured", candidate_ms=3.0, reference_ms=1.0))
    g = guards.degeneration(slow, 1.0, 1.5, precision_fix=True)
    assert not g.fired and "precision-only" in g.reason
    assert guards.degeneration(slow, 1.0, 1.5, precision_fix=False).fired


def test_a_cuda_illegal_address_reported_at_a_later_sync_is_the_kernels_and_searched_offline():
    # the async CUDA error surfaces in the harness's synchronize, never in the candidate's own frame
    fault = _run_failure(fc="crash", message="AcceleratorError: CUDA error: an illegal memory access was encountered",
                         traceback='Traceback:\n  File "/site/kagent/verifiers/timing.py", line 59\n'
                                   "torch.AcceleratorError: CUDA error: an illegal memory access was encountered\n",
                         check="run")
    d = classify(fault, {"numerical_mismatch"}, engine="offline", error_regexes={})
    assert d.route == "far_miss" and d.from_kernel is True  # no pattern names it; the edit search takes it on
    host = _run_failure(fc="crash", message="RuntimeError: CUDA driver initialization failed",
                        traceback='Traceback:\n  File "/site/torch/cuda/__init__.py", line 3\n', check="run")
    assert classify(host, {"numerical_mismatch"}, engine="offline", error_regexes={}).from_kernel is False
