"""The lowering agent's edit gates and its LLM path, on CPU.

judge_edit: identical machine code is "not faster" (rejected); an edit to a specialisation the
differential test never launched, or whose parent's speed is unknown, is rejected; the timing gate
looks at both sides' spread; the speed gate needs a real speed-up. The differential run itself is
replaced by a recorded result where a GPU would run it. The LLM rounds go through kagent.tools.llm
with the scripted provider: ptxas's message and line reach the next prompt, a well-formed edit ends
"not verified: needs CUDA", and the token budget is never exceeded."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from kagent.agents import lowering as L
from kagent.tools.ptx_launch import DiffResult, TimingResult, load_manifest
from kagent.verifiers.ptx import KernelAbi

CORPUS = Path(__file__).resolve().parents[1] / "corpus" / "lowering"


@pytest.fixture(scope="module")
def lowered(tmp_path_factory):
    d = CORPUS / "gelu"
    out = tmp_path_factory.mktemp("gelu")
    rep = L.lower(d / "candidate.py", d / "reference.py", out_dir=out, passes=False, device="cpu")
    assert rep.status == "ok", rep.message
    return rep


def _context(rep, tmp_path, device="cuda"):
    """An edit context over a copy of the lowered files, and its variants as lower() built them."""
    import shutil

    out = tmp_path / "out"
    shutil.copytree(rep.out_dir, out)
    man = load_manifest(out / "lowered.json")
    ctx = L._EditContext(out=out, manifest=man, manifest_path=out / "lowered.json", candidate=Path(rep.candidate),
                         reference=Path(rep.reference), device=device, seeds=1, timing=True)
    by_key = {k.key: k.model_copy(deep=True) for k in rep.kernels}
    variants = []
    for lv in man.variants:
        rec = by_key[lv.spec.key]
        abi = KernelAbi.from_spec(lv.spec, lv.entry, lv.num_warps, man.arch)
        variants.append(L._Variant(rec, lv, abi, Path(rec.triton_ptx).with_suffix(".cubin")))
    return ctx, variants


def _changed_constant(ptx: str) -> str:
    """The PTX with GELU's 0.5 factor changed: ptxas accepts it, the machine code differs."""
    assert "0f3F000000" in ptx
    return ptx.replace("0f3F000000", "0f3F000100")


def _timing(ptx_ms, ptx_spread=0.01, triton_spread=0.01):
    return TimingResult(status="measured", triton_ms=1.0, ptx_ms=ptx_ms, triton_spread=triton_spread,
                        ptx_spread=ptx_spread, ratio=ptx_ms)


def _primary(variants):
    return next(v for v in variants if "problem" in v.rec.cases)


def test_baseline_verdict_is_per_launched_variant(lowered, tmp_path):
    _, variants = _context(lowered, tmp_path)
    v = _primary(variants)
    others = [x for x in variants if x is not v]
    assert others, "the generic specialisation is never launched by the suite"
    base = DiffResult(status="equivalent", launch_counts={v.lv.spec.key: 3}, timing=_timing(1.0))
    for x in variants:
        L._record_baseline(x, base)
    assert v.rec.equivalence == "equivalent" and v.launched and v.rec.speed.ptx_ms == 1.0
    assert all(x.rec.equivalence == L.NOT_LAUNCHED and not x.launched for x in others)
    assert all(x.rec.speed.status == "not_measured" for x in others)
    # a differential run that failed as a whole is every variant's verdict, never "not launched"
    broken = DiffResult(status="error", reason="worker exited 1")
    for x in variants:
        L._record_baseline(x, broken)
    assert {x.rec.equivalence for x in variants} == {"error"}


def test_identical_machine_code_is_not_faster(lowered, tmp_path):
    ctx, variants = _context(lowered, tmp_path, device="cpu")
    v = _primary(variants)
    ptx = (ctx.out / v.lv.ptx).read_text()
    rec = L.judge_edit(ctx, v, L.ptxtool.strip_debug_info(ptx).ptx, "pass", "strip_debug_info")
    assert rec.outcome == "rejected" and rec.gate == "speed"
    assert "not faster" in rec.reason and "same machine code" in rec.reason
    assert (ctx.out / v.lv.ptx).read_text() == ptx  # not adopted


def test_changed_machine_code_on_cpu_is_not_verified(lowered, tmp_path):
    ctx, variants = _context(lowered, tmp_path, device="cpu")
    v = _primary(variants)
    ptx = (ctx.out / v.lv.ptx).read_text()
    rec = L.judge_edit(ctx, v, _changed_constant(ptx), "llm", "m")
    assert rec.outcome == "not_verified" and rec.reason.startswith("not verified: needs CUDA")
    assert (ctx.out / v.lv.ptx).read_text() == ptx


def test_edit_to_a_variant_the_differential_never_launched_is_rejected(lowered, tmp_path, monkeypatch):
    ctx, variants = _context(lowered, tmp_path)
    ran = []
    monkeypatch.setattr(ctx, "run_differential", lambda: ran.append(1) or DiffResult(status="equivalent"))
    v = _primary(variants)
    v.launched, v.rec.speed = False, _timing(1.0)
    rec = L.judge_edit(ctx, v, _changed_constant((ctx.out / v.lv.ptx).read_text()), "llm", "m")
    assert rec.outcome == "rejected" and rec.gate == "differential" and "never launch" in rec.reason
    assert not ran


def test_edit_whose_parent_speed_is_unknown_is_rejected(lowered, tmp_path, monkeypatch):
    ctx, variants = _context(lowered, tmp_path)
    monkeypatch.setattr(ctx, "run_differential", lambda: pytest.fail("must not run"))
    v = _primary(variants)
    v.launched = True  # speed stays "not measured"
    rec = L.judge_edit(ctx, v, _changed_constant((ctx.out / v.lv.ptx).read_text()), "llm", "m")
    assert rec.outcome == "rejected" and rec.gate == "speed" and "unknown" in rec.reason


@pytest.mark.parametrize("timing, gate, words", [
    (_timing(0.9, triton_spread=0.5), "timing", "not stable"),   # Triton's side too noisy
    (_timing(0.9, ptx_spread=0.5), "timing", "not stable"),
    (_timing(0.995), "speed", "not faster than its parent"),      # within 1%: not a speed-up
    (_timing(1.2), "speed", "not faster than its parent"),
    (_timing(0.9), None, "equivalent on"),                        # stable and 10% faster: accepted
])
def test_timing_and_speed_gates(lowered, tmp_path, monkeypatch, timing, gate, words):
    ctx, variants = _context(lowered, tmp_path)
    v = _primary(variants)
    v.launched, v.rec.speed = True, _timing(1.0)
    result = DiffResult(status="equivalent", launch_counts={v.lv.spec.key: 1}, timing=timing)
    monkeypatch.setattr(ctx, "run_differential", lambda: result)
    new = _changed_constant((ctx.out / v.lv.ptx).read_text())
    rec = L.judge_edit(ctx, v, new, "llm", "m")
    assert words in rec.reason
    if gate is None:
        assert rec.outcome == "accepted" and (ctx.out / v.lv.ptx).read_text() == new
    else:
        assert rec.outcome == "rejected" and rec.gate == gate and (ctx.out / v.lv.ptx).read_text() != new


def test_differential_mismatch_is_rejected(lowered, tmp_path, monkeypatch):
    from kagent.tools.ptx_launch import CaseResult

    ctx, variants = _context(lowered, tmp_path)
    v = _primary(variants)
    v.launched, v.rec.speed = True, _timing(1.0)
    bad = DiffResult(status="not_equivalent", reason="outputs differ", launch_counts={v.lv.spec.key: 1},
                     cases=[CaseResult(name="seed0", equal=False, outputs=1, mismatches=5, max_abs_diff=1e-3)])
    monkeypatch.setattr(ctx, "run_differential", lambda: bad)
    rec = L.judge_edit(ctx, v, _changed_constant((ctx.out / v.lv.ptx).read_text()), "llm", "m")
    assert rec.outcome == "rejected" and rec.gate == "differential" and "seed0 (5 mismatches" in rec.reason


# ---------------------------------------------------------------------------------------------- LLM


def _answer(ptx: str) -> str:
    return f"One change.\n```ptx\n{ptx}```\n"


def _undeclared(ptx: str) -> str:
    first_ld = next(l for l in ptx.splitlines() if "ld.param.b64" in l)
    return ptx.replace(first_ld, first_ld.split("%rd")[0] + "%rd999, [" + first_ld.split("[", 1)[1], 1)


def _script(tmp_path, items) -> str:
    tmp_path.mkdir(parents=True, exist_ok=True)
    p = tmp_path / "script.yaml"
    p.write_text(yaml.safe_dump(items))
    return f"script:{p}"


def _llm_lower(lowered, tmp_path, items, **kw):
    d = CORPUS / "gelu"
    return L.lower(d / "candidate.py", d / "reference.py", out_dir=tmp_path / "o", passes=False, device="cpu",
                   model=_script(tmp_path, items), rounds=3, **kw)


def test_llm_rounds_feed_ptxas_errors_back_and_end_not_verified_on_cpu(lowered, tmp_path):
    v = next(k for k in lowered.kernels if "problem" in k.cases)
    ptx = Path(v.ptx).read_text()
    bad = _undeclared(ptx)
    bad_line = next(i for i, l in enumerate(bad.splitlines(), 1) if "%rd999" in l)
    rep = _llm_lower(lowered, tmp_path, [_answer(bad), _answer(_changed_constant(ptx)), _answer(ptx)])
    k = next(k for k in rep.kernels if k.key == v.key)
    llm = [e for e in k.edits if e.source == "llm"]
    assert [e.outcome for e in llm] == ["rejected", "not_verified"]  # stops: nothing more can be verified
    assert llm[0].gate == "ptxas" and any(f"line {bad_line}: ptxas error" in f.message for f in llm[0].findings)
    assert llm[1].reason.startswith("not verified: needs CUDA")
    second_prompt = Path(llm[1].prompt).read_text()
    assert "rejected at the ptxas gate" in second_prompt
    assert f"line {bad_line}: ptxas error" in second_prompt and "Unknown symbol '%rd999'" in second_prompt
    assert "%rd999" not in Path(llm[0].prompt).read_text()
    assert Path(k.ptx).read_text() == ptx  # nothing adopted
    assert rep.llm.calls == 2 and rep.llm.tokens == sum(e.prompt_tokens + e.completion_tokens for e in llm)
    assert all(e.prompt_tokens > 1000 for e in llm)  # the PTX is in the prompt
    # the other kernels (boundary-shape and generic specialisations) are not edited by the model
    assert all(not [e for e in x.edits if e.source == "llm"] for x in rep.kernels if "problem" not in x.cases)


def test_llm_token_budget_is_never_exceeded(lowered, tmp_path):
    v = next(k for k in lowered.kernels if "problem" in k.cases)
    ptx = Path(v.ptx).read_text()
    items = [_answer(_undeclared(ptx)), _answer(_undeclared(ptx).replace("%rd999", "%rd998"))] * 2
    free = _llm_lower(lowered, tmp_path / "free", items)
    first = next(e for k in free.kernels for e in k.edits if e.source == "llm")
    # room for the first call (its prompt, a safety margin up to x2 and the smallest useful answer), and
    # after it is charged (prompt + a whole PTX module as answer) too little for a second one
    budget = 2 * first.prompt_tokens + L.LLM_MIN_ANSWER_TOKENS
    rep = _llm_lower(lowered, tmp_path / "tight", items, token_budget=budget)
    edits = [e for k in rep.kernels for e in k.edits if e.source == "llm"]
    assert [e.outcome for e in edits] == ["rejected", "stopped"]
    assert "token budget" in edits[1].reason
    assert rep.llm.calls == 1 and 0 < rep.llm.tokens <= budget and rep.token_budget == budget


def test_llm_budget_smaller_than_one_prompt_makes_no_call(lowered, tmp_path):
    rep = _llm_lower(lowered, tmp_path, ["never asked"], token_budget=500)
    edits = [e for k in rep.kernels for e in k.edits if e.source == "llm"]
    assert [e.outcome for e in edits] == ["stopped"] and rep.llm.calls == 0 and rep.llm.tokens == 0

