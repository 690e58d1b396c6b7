"""The repair graph's nodes: each reads the state and the runtime context, does one thing, writes
its files into the run directory and returns a state update whose `route` names the next node.
The edges that act on `route` are all in kagent/repair/graph.py.

Uses agents, tools and the run directory (kagent.repair.rundir).
"""

from __future__ import annotations

import inspect
import json
import logging
import shutil
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from kagent.agents import guards
from kagent.agents.debug import (
    FixesFn,
    Proposal,
    Search,
    debug_messages,
    engine_propose,
    failure_digest,
    finding_lines,
    llm_propose,
    search_propose,
    sites_by_effect,
)
from kagent.agents.localize import Localization, localize
from kagent.agents.triage import Knowledge, classify, detect_backend, knowledge
from kagent.budget import Ledger
from kagent.errors import InputError, ReferenceFailed
from kagent.procs import usable_cores
from kagent.repair.state import RepairConfig, RepairState, RepairSummary
from kagent.repair.rundir import RunDir, source_hash
from kagent.report import Finding, VerifyReport

log = logging.getLogger("kagent.repair")

# verify(candidate, reference) -> report; one that also takes `timeout_s=` gets the run's remaining
# wall time as the cap of its worker timeouts
VerifyFn = Callable[..., VerifyReport]
StaticCheckFn = Callable[[Path], Sequence[Finding]]
FRONTEND_LABEL = {
    "triton": "Triton",
    "load_inline": "CUDA C (torch.utils.cpp_extension.load_inline)",
    "pycuda": "CUDA C (pycuda)",
    "ptx": "PTX",
    "unknown": "custom",
}


@dataclass
class RepairContext:
    """Per-run settings and services (LangGraph runtime context; never checkpointed)."""

    config: RepairConfig
    run: RunDir
    ledger: Ledger
    verify: VerifyFn
    confirm: VerifyFn | None = None  # the verifier at a second seed: a passing edit must pass it too
    evidence: VerifyFn | None = None  # the original's first verify: its `fail` stands, else `verify` runs (run.py)
    patterns: Any | None = None  # PatternStore-like: retrieve(), record_outcome(), learn()
    candidate_fixes: FixesFn | None = None
    static_check: StaticCheckFn | None = None
    known_classes: frozenset[str] | None = None
    on_event: Callable[[str, dict[str, Any]], None] | None = None
    sleep: Callable[[float], None] = time.sleep
    clock: Callable[[], float] = time.monotonic
    cache: dict[Any, Any] = field(default_factory=dict)

    @property
    def offline(self) -> bool:
        return self.config.model == "offline"

    def knowledge(self, backend: str) -> Knowledge | None:
        """What the pattern store's fixing patterns know for `backend`; None when the store cannot
        list its patterns (an injected one)."""
        if self.patterns is None or not callable(getattr(self.patterns, "all", None)):
            return None
        key = ("knowledge", backend)
        if key not in self.cache:
            self.cache[key] = knowledge(self.patterns.all(), backend)
        return self.cache[key]


def _takes_timeout(fn: Callable[..., Any]) -> bool:
    try:
        params = inspect.signature(fn).parameters.values()
    except (TypeError, ValueError):
        return False
    return any(p.name == "timeout_s" or p.kind is inspect.Parameter.VAR_KEYWORD for p in params)


def remaining_s(state: RepairState, ctx: RepairContext, node_start: float) -> float | None:
    """Wall time left to the run (None: no limit), counting this node's time so far."""
    if ctx.config.timeout_s is None:
        return None
    return ctx.config.timeout_s - state.elapsed_s - (ctx.clock() - node_start)


# A full verify over the original's evidence verify (run.py `evidence_config`), measured on 11 blind near-misses
# with a warm reference on the CPU (benchmarks/evidence_verify.py): 1.64-1.69
EVIDENCE_COST_RATIO = 1.65


def search_deadline(left: float | None, base: VerifyReport, cost_ratio: float = 1.0) -> float | None:
    """How long a search step may screen, of the `left` seconds of the run: 80%, less where what it finds
    could not be verified in the rest (one verify of the base, its reference run aside: the cache keeps
    that; a CUDA C verify builds the extension, 56-112 s with eight repairs at once on an H100), never
    under half. `cost_ratio`: a full verify's time over the base's (the original's evidence verify is cheaper)."""
    if left is None:
        return None
    verify_s = cost_ratio * max(0.0, base.seconds - base.phases.get("reference", 0.0))
    return max(0.5 * left, min(0.8 * left, left - 1.2 * verify_s))


def emit(ctx: RepairContext, event: str, **data: Any) -> None:
    ctx.run.log(event, **data)
    if ctx.on_event is not None:
        ctx.on_event(event, data)


def _report(ctx: RepairContext, n: int) -> VerifyReport:
    return VerifyReport.model_validate_json(ctx.run.report_path(n).read_text())


def _hits(ctx: RepairContext, state: RepairState, report: VerifyReport, source: str) -> list[Any]:
    if ctx.patterns is None or report.failure_class is None:
        return []
    backend = state.backend or "triton"  # a run checkpointed before backends were detected
    key = ("hits", source_hash(source), report.failure_class, backend)
    if key not in ctx.cache:
        ctx.cache[key] = list(
            ctx.patterns.retrieve(report.failure_class, failure_digest(report), source, backend=backend, k=ctx.config.patterns_k)
        )
    return ctx.cache[key]


def _stop(status: str, guard: str | None, reason: str) -> dict[str, Any]:
    return {"status": status, "guard": guard, "reason": reason, "route": "report", "pending": None}


# -- nodes ------------------------------------------------------------------------------------
def ingest(state: RepairState, ctx: RepairContext) -> dict[str, Any]:
    orig = Path(state.original)
    src = orig.read_text()
    ctx.run.write_candidate(0, src, src, orig.name)
    h = source_hash(src)
    found = detect_backend(src)
    if ctx.config.backend != "auto":
        backend, frontend, why = ctx.config.backend, found.frontend if found.backend == ctx.config.backend else ctx.config.backend, "configured"
    else:
        backend, frontend, why = found.backend, found.frontend, found.evidence
    emit(ctx, "ingest", run_dir=str(ctx.run.path), original=state.original, reference=state.reference, single_file=state.single_file, hash=h,
         model=ctx.config.model, backend=backend, frontend=frontend, backend_evidence=why)
    return {
        "backend": backend,
        "frontend": frontend,
        "backend_evidence": why,
        "step": 0,
        "pending": 0,
        "pending_origin": "original",
        "base_index": 0,
        "base_hash": h,
        "best_index": 0,
        "best_hash": h,
        "seen_hashes": [h],
        "route": "static_anticheat",
    }


def _static_cheats(ctx: RepairContext, path: Path) -> list[Finding]:
    assert ctx.static_check is not None
    return [f for f in ctx.static_check(path) if f.severity == "error"]


def static_anticheat(state: RepairState, ctx: RepairContext) -> dict[str, Any]:
    if ctx.static_check is None:
        emit(ctx, "static_anticheat", status="not_run", reason="no separate static check: verify runs anti-cheat")
        return {"route": "verify"}
    cheats = _static_cheats(ctx, ctx.run.candidate_source_path(0))
    emit(ctx, "static_anticheat", status="cheat" if cheats else "clean", findings=[f.model_dump() for f in cheats])
    if cheats:
        reason = f"the original candidate cheats: {cheats[0].message}"
        return {**_stop("cheat", None, reason), "triage": "cheat", "triage_reason": reason}
    return {"route": "verify"}


def verify(state: RepairState, ctx: RepairContext) -> dict[str, Any]:
    t0 = ctx.clock()
    n = state.pending
    assert n is not None, "verify without a pending candidate"
    path = ctx.run.candidate_source_path(n)
    ref = Path(state.verify_reference)
    left = remaining_s(state, ctx, t0)
    if left is not None and left <= 0:
        g = guards.wall_time(ctx.config.timeout_s - left, ctx.config.timeout_s)
        emit(ctx, "guard", name=g.name, action=g.action, reason=f"{g.reason}; candidate #{n} not verified", index=n)
        return _stop("unrepaired", "wall_time", f"wall_time: {g.reason}; candidate #{n} not verified; "
                                               f"best candidate #{state.best_index}")
    try:
        report = None
        if n == 0 and ctx.evidence is not None:
            report = _verify_with(ctx.evidence, path, ref, left)
            if report.verdict != "fail":  # only a fail is final without the anti-cheat: verify again in full
                report = None
                left = remaining_s(state, ctx, t0)
        if report is None:
            report = _verify_with(ctx.verify, path, ref, left)
    except InputError as exc:
        if n == 0:
            raise
        report = VerifyReport(
            verdict="fail", failure_class="compile_error", summary=f"compile_error: the candidate cannot be loaded: {exc}",
            candidate=str(path), reference=str(ref), device="cpu",
            findings=[Finding(check="load", severity="error", failure_class="compile_error", message=str(exc))],
        )
    ctx.run.write_report(n, report.model_dump_json(indent=2))
    sig = guards.failure_signature(report)
    emit(ctx, "verify", index=n, verdict=report.verdict, failure_class=report.failure_class, summary=report.summary,
         signature=sig, seconds=report.seconds, report=report.model_dump(mode="json"))
    return {
        "pending": None,
        "last_index": n,
        "last_verdict": report.verdict,
        "last_failure_class": report.failure_class,
        "last_summary": report.summary,
        "last_findings": finding_lines(report, limit=5),
        "signatures": [*state.signatures, sig],
        "route": "triage" if n == 0 else "assess",
    }


def _verify_with(fn: VerifyFn, path: Path, ref: Path, left: float | None) -> VerifyReport:
    if left is not None and _takes_timeout(fn):  # each worker's timeout capped at the wall time left
        return fn(path, ref, timeout_s=max(left, 1.0))
    return fn(path, ref)


def triage(state: RepairState, ctx: RepairContext) -> dict[str, Any]:
    report = _report(ctx, 0)
    know = None
    if ctx.offline:
        know = ctx.knowledge(state.backend or "triton")
        classes = ctx.known_classes
        regexes = None
        if know is not None:
            classes = know.classes if classes is None else know.classes & frozenset(classes)
            regexes = know.error_regexes
        d = classify(report, classes, engine="offline", error_regexes=regexes)
    else:
        d = classify(report, ctx.known_classes, engine="llm")
    if know is not None and know.patterns == 0 and d.route in ("near_miss", "far_miss") and d.runs:
        # checked after verify: a correct or cheating kernel, or one that does not even run (timeout,
        # crash, compile error), keeps its own verdict
        backend = state.backend or "unknown"
        what = ("no GPU kernel backend was recognised" if backend == "unknown"
                else f"a {FRONTEND_LABEL.get(state.frontend or backend, backend)} kernel")
        d = d.model_copy(update={"route": "unsupported", "reason": (
            f"{what} ({state.backend_evidence or 'detected at ingest'}), and the pattern library has no pattern with a "
            f"mechanical fix for backend {backend}: the offline engine cannot repair it (an LLM can: --model)")})
    if (ctx.offline and getattr(ctx.candidate_fixes, "supports_search", False) and (d.runs or d.from_kernel)
            and d.route in ("far_miss", "unsupported") and report.verdict == "fail" and report.failure_class):
        # the edit search's operators do not depend on a pattern naming the failure: a kernel that
        # runs, or fails in its own code, is searched (the screen and the full verifier still decide)
        d = d.model_copy(update={"route": "near_miss", "reason": f"{d.reason}; the edit search tries its operators"})
    score = guards.report_score(report)
    emit(ctx, "triage", route=d.route, reason=d.reason, runs=d.runs, partial=d.partial, score=score, engine=d.engine,
         from_kernel=d.from_kernel, named_by=d.named_by, backend=state.backend)
    upd: dict[str, Any] = {
        "triage": d.route,
        "triage_reason": d.reason,
        "original_score": score,
        "best_score": score,
        "original_ms": report.timing.candidate_ms,
        "original_reference_ms": report.timing.reference_ms,
    }
    if d.route == "pass":
        return {**upd, **_stop("already_correct", None, f"the original candidate passes: {report.summary}")}
    if d.route == "cheat":
        return {**upd, **_stop("cheat", None, d.reason)}
    if d.route in ("far_miss", "unsupported"):
        return {**upd, **_stop("unrepaired", None, f"{d.route.replace('_', '-')}: {d.reason}")}
    return {**upd, "route": "retrieve"}


def retrieve(state: RepairState, ctx: RepairContext) -> dict[str, Any]:
    report = _report(ctx, state.base_index)
    src = ctx.run.read_source(state.base_index)
    hits = _hits(ctx, state, report, src)
    emit(ctx, "retrieve", base=state.base_index, failure_class=report.failure_class,
         hits=[{"id": h.pattern.id, "score": getattr(h, "score", None), "reason": getattr(h, "reason", "")} for h in hits],
         store="none" if ctx.patterns is None else "open")
    return {"pattern_ids": [h.pattern.id for h in hits], "route": "gate"}


def gate(state: RepairState, ctx: RepairContext) -> dict[str, Any]:
    cfg = ctx.config
    checks = [
        guards.attempts(state.attempts, cfg.max_attempts),
        guards.wall_time(state.elapsed_s, cfg.timeout_s),
        guards.cost(ctx.ledger),
    ]
    if not ctx.offline:
        checks.append(guards.token_budget(ctx.ledger, min(cfg.min_answer_tokens, cfg.max_tokens_per_call)))
    for g in checks:
        if g.fired:
            emit(ctx, "guard", name=g.name, action=g.action, reason=g.reason)
            unjudged = f"; {ctx.cache['unjudged']}" if g.name == "wall_time" and "unjudged" in ctx.cache else ""
            return _stop("unrepaired", g.name, f"{g.name}: {g.reason}; best candidate #{state.best_index}: "
                                               f"{_best_summary(ctx, state)}{unjudged}")
    return {"route": "debug"}


def _best_summary(ctx: RepairContext, state: RepairState) -> str:
    p = ctx.run.report_path(state.best_index)
    return _report(ctx, state.best_index).summary if p.is_file() else "not verified"


def _llm_event(ctx: RepairContext, state: RepairState, prop: Proposal) -> None:
    common = dict(
        attempt=state.attempts + 1, request_index=state.llm_requests, requests=prop.requests, retries=prop.retries,
        prompt=prop.prompt,
    )
    if prop.status == "provider_error":
        emit(ctx, "llm_error", kind=prop.error_kind, message=prop.message, **common)
    elif prop.status == "budget":
        emit(ctx, "llm_refused", message=prop.message, budget=prop.budget_guard, **common)
    elif prop.status == "wall_time":
        emit(ctx, "llm_wall_time", message=prop.message, **common)
    else:
        u = prop.usage
        emit(ctx, "llm_answer", answer=prop.answer, counted_prompt_tokens=u.counted_prompt_tokens,
             prompt_tokens=u.prompt_tokens, completion_tokens=u.completion_tokens, cost_usd=u.cost_usd,
             reserved_tokens=u.reserved_tokens, overrun_tokens=u.overrun_tokens, outcome=prop.status, feedback=prop.message if prop.status == "feedback" else None, **common)


def _survivors_left(ctx: RepairContext, state: RepairState) -> bool:
    """Offline: the current base's search holds edits that passed the screen and were not yet verified."""
    if not ctx.offline or "passed the screen" not in (state.pending_origin or ""):
        return False
    search = ctx.cache.get(("search", source_hash(ctx.run.read_source(state.base_index))))
    seen = set(state.seen_hashes)
    return search is not None and any(source_hash(c.source) not in seen for c in [*search.survivors, *search.slow])


def _adopt_deferred(state: RepairState, ctx: RepairContext) -> dict[str, Any] | None:
    """The deferred better candidate becomes the base once the base's screen survivors are spent."""
    n = state.deferred_base
    if n is None or not ctx.offline:
        return None
    search = ctx.cache.get(("search", source_hash(ctx.run.read_source(state.base_index))))
    seen = set(state.seen_hashes)
    if search is not None and any(source_hash(c.source) not in seen for c in [*search.survivors, *search.slow]):
        return None
    emit(ctx, "new_base", base=n, previous=state.base_index)
    return {"base_index": n, "base_hash": source_hash(ctx.run.read_source(n)), "deferred_base": None,
            "base_trail": [*state.base_trail, state.base_index], "route": "gate",
            "history": [*state.history, f"the other screen survivors of #{state.base_index} failed: #{n} is the new base"]}


def debug(state: RepairState, ctx: RepairContext) -> dict[str, Any]:
    t0 = ctx.clock()
    cfg = ctx.config
    if (adopt := _adopt_deferred(state, ctx)) is not None:
        return adopt
    base_src = ctx.run.read_source(state.base_index)
    report = _report(ctx, state.base_index)
    hits = _hits(ctx, state, report, base_src)
    upd: dict[str, Any] = {}
    if ctx.offline:
        if ctx.candidate_fixes is None:
            return _stop("unrepaired", "exhausted", "the pattern engine is not available (kagent.patterns.engine)")
        if getattr(ctx.candidate_fixes, "supports_search", False):
            prop = _search_step(state, ctx, base_src, report, hits, t0)
        else:  # an injected engine: its fixes in turn
            prop = engine_propose(base_src, hits, ctx.candidate_fixes, seen_hashes=state.seen_hashes, limit=cfg.fix_limit)
    else:
        orig = Path(state.original)
        ref_src = Path(state.reference).read_text() if state.reference else ""
        messages = debug_messages(
            kernel_name=state.kernel, backend=FRONTEND_LABEL.get(state.frontend or "triton", state.backend),
            kernel_source=base_src, reference_source=ref_src,
            single_file=state.single_file, report=report, hits=hits, history=state.history, feedback=state.feedback,
            prompt_patterns=cfg.prompt_patterns, localization=_localization(ctx, state, report, base_src).prompt_lines(),
        )
        ref_names = tuple(n for n in (Path(state.reference).name if state.reference else "",) if n and n != orig.name)
        prop = llm_propose(
            messages, base_src, config=cfg, ledger=ctx.ledger, request_index=state.llm_requests,
            reference_names=ref_names, single_file=state.single_file, sleep=ctx.sleep,
            deadline_s=remaining_s(state, ctx, t0), clock=ctx.clock,
        )
        _llm_event(ctx, state, prop)
        spent = state.spent
        if prop.answer or prop.status in ("candidate", "feedback", "overrun"):  # the model answered: one call
            spent.add_call(prop.usage.prompt_tokens, prop.usage.completion_tokens, prop.usage.cost_usd)
        upd.update(llm_requests=state.llm_requests + prop.requests, **RepairState.spent_update(spent))
    best = f"best candidate #{state.best_index}: {_best_summary(ctx, state)}"
    if prop.status == "candidate":
        assert prop.source is not None
        n = state.step + 1
        ctx.run.write_candidate(n, prop.source, ctx.run.read_source(0), Path(state.original).name)
        emit(ctx, "candidate", index=n, base=state.base_index, origin=prop.origin, patterns=prop.pattern_ids,
             diff=ctx.run.diff(n))
        return {**upd, "step": n, "attempts": state.attempts + 1, "pending": n, "pending_origin": prop.origin,
                "pending_patterns": prop.pattern_ids, "feedback": None, "route": "guard"}
    if prop.status == "feedback":
        k = state.attempts + 1
        return {**upd, "attempts": k, "feedback": prop.message,
                "history": [*state.history, f"answer {k} was not usable: {prop.message}"], "route": "gate"}
    if prop.status == "exhausted" and ctx.offline and state.base_trail:
        # a better base is not always on the way to the fix (storing `x` for `y` halves an error): its
        # search is spent, so the search of the base before it goes on where it stopped
        parent = state.base_trail[-1]
        emit(ctx, "backtrack", base=state.base_index, to=parent, reason=prop.message)
        return {**upd, "base_index": parent, "base_hash": source_hash(ctx.run.read_source(parent)),
                "base_trail": state.base_trail[:-1], "route": "gate",
                "history": [*state.history, f"the search from #{state.base_index} is spent ({prop.message[:200]}); "
                                            f"back to #{parent}"]}
    if prop.status == "exhausted":
        emit(ctx, "guard", name="exhausted", action="stop", reason=prop.message)
        return {**upd, **_stop("unrepaired", "exhausted", f"{prop.message}; {best}")}
    if prop.status == "budget":
        name = prop.budget_guard or "token_budget"
        emit(ctx, "guard", name=name, action="stop", reason=prop.message)
        return {**upd, **_stop("unrepaired", name, f"{name}: {prop.message}; {best}")}
    if prop.status == "overrun":
        emit(ctx, "guard", name="token_budget", action="stop", reason=prop.message, overrun_tokens=prop.usage.overrun_tokens,
             budget_overrun_tokens=prop.usage.budget_overrun_tokens)
        return {**upd, "attempts": state.attempts + 1,
                **_stop("unrepaired", "token_budget", f"token_budget: {prop.message}; {best}")}
    if prop.status == "wall_time":
        emit(ctx, "guard", name="wall_time", action="stop", reason=prop.message)
        return {**upd, **_stop("unrepaired", "wall_time", f"wall_time: {prop.message}; {best}")}
    emit(ctx, "guard", name="provider_error", action="stop", reason=prop.message)
    return {**upd, **_stop("error", "provider_error", f"provider_error: {prop.message}; {best}")}


def _localization(ctx: RepairContext, state: RepairState, report: VerifyReport, base_src: str) -> Localization:
    """The base's localization (computed once per base; written to the run directory)."""
    key = ("localization", source_hash(base_src))
    if key not in ctx.cache:
        loc = localize(report, base_src)
        (ctx.run.path / f"localization_{state.base_index}.json").write_text(loc.model_dump_json(indent=1))
        emit(ctx, "localize", base=state.base_index, families=loc.families[:6],
             sites=[{"line": x.line, "kinds": x.kinds, "score": x.score} for x in loc.sites[:8]])
        ctx.cache[key] = loc
    return ctx.cache[key]


def _screener(ctx: RepairContext, state: RepairState, report: VerifyReport) -> tuple[Any | None, str]:
    """The run's screen worker, prepared on the cases `report` fails (None and why if it cannot run)."""
    from kagent.agents.screen import Screener
    from kagent.config import VerifyConfig

    # the base's failing cases, and those on which the full verifier failed an edit the screen had
    # passed (the screen learns what it missed: the next survivors must pass those too)
    cases = tuple(sorted({f.case for f in report.errors() if f.case} | ctx.cache.get("screen_learned", set())))
    # one live screener per run: a new case set closes the old one (and its candidates' folder), so
    # nothing may keep a handle on it (a backtrack to an earlier case set prepares a fresh one)
    held = ctx.cache.get("screener")
    if held is not None and held[0] == cases:
        return held[1], held[2]
    old = ctx.cache.pop("screener_obj", None)
    if old is not None:
        old.close()
    vcfg = VerifyConfig.model_validate(ctx.run.read_config()["verify"])
    scr = Screener(Path(state.original), Path(state.verify_reference), vcfg,
                   per_candidate_s=ctx.config.screen_candidate_s,
                   interpret=ctx.config.screen_device == "interpreter",
                   workers=ctx.config.screen_workers or min(4, usable_cores()))
    why = scr.prepare(list(cases))
    if why is not None:
        scr.close()
        log.warning("the edit search runs unscreened: %s", why)
    else:
        ctx.cache["screener_obj"] = scr
    ctx.cache["screener"] = (cases, None if why else scr, why or "")
    return ctx.cache["screener"][1], ctx.cache["screener"][2]


def _screen_errors(screener: Any, sources: list[str], timeout_s: float = 90.0) -> list[float | None]:
    """The relative error of each source on the first case the first one (the base) fails; None
    where it was not measured (a run failure, a case the worker stopped before)."""
    results = screener.screen(sources, timeout_s=timeout_s)
    case = next(iter(results[0].failing), None) if results else None
    if case is None:
        return [None] * len(sources)
    return [r.rels.get(case) if r.score[0] < 2 and r.rels.get(case, 1e30) < 1e29 else None for r in results]


def _search_step(state: RepairState, ctx: RepairContext, base_src: str, report: VerifyReport, hits: list[Any],
                 t0: float) -> Proposal:
    """One step of the offline edit search from the current base (state kept in ctx.cache)."""
    from kagent.patterns.engine import (ALIGNED_REWRITES, Candidate, combined, fit_candidates, grammar_candidates,
                                        reference_aligned, reference_form_first, search_candidates)
    from kagent.patterns.operators.probes import value_probes
    from kagent.patterns.operators.reference import numeric_lines

    loc = _localization(ctx, state, report, base_src)
    key = ("search", source_hash(base_src))
    search = ctx.cache.get(key)
    ref = Path(state.verify_reference) if state.verify_reference else None
    ref_src = ref.read_text() if ref is not None and ref.is_file() else None
    if search is None:
        sites = [(x.line, x.score) for x in loc.sites]
        cands = search_candidates(hits, base_src, sites, loc.family_weights, reference=ref_src)
        if ref_src and ctx.config.search_rewrites:
            # the suspected lines' rewrites that give the kernel a form of the reference's, numbers and
            # all, are screened in the first batches, not in the second tier (~3 s of rewriting per base)
            # (the lines holding two numbers or more too, wherever they rank: `self.c2 = 0.03 * 2` in
            # __init__ is no site of a kernel's symptoms, and a form with two numbers needs them)
            made = {c.source for c in cands}
            numeric = [(ln, 0.0) for ln in numeric_lines(base_src) if ln not in {x for x, _ in sites[:10]}]
            rewrites = grammar_candidates(base_src, sites, limit=ctx.config.search_rewrites)
            rewrites += grammar_candidates(base_src, numeric, limit=ctx.config.search_rewrites, max_lines=len(numeric))
            early = [c for c in reference_aligned(rewrites, base_src, ref_src) if c.source not in made][:ALIGNED_REWRITES]
            cands = cands[:2] + early + cands[2:]
        probes = [Candidate(source=src, origin=what, operator="probe", family="probe", line=ln, priority=0.0)
                  for ln, what, src in value_probes(base_src)] if ctx.config.search_rewrites else []
        search = Search(base_hash=source_hash(base_src), pending=cands, probes=probes)
        ctx.cache[key] = search
        emit(ctx, "search_start", base=state.base_index, candidates=len(cands),
             operators=sorted({c.operator for c in cands}))
    screener, why = _screener(ctx, state, report) if report.failure_class else (None, "no failure to screen")
    if screener is None and why:
        search.screen_note = f"no screen ({why})"
    if screener is not None and search.screen_cases and search.screen_cases != screener.case_names:
        # the screen has more cases now: what passed the old one is screened again, from the base
        search.pending = search.survivors + search.slow + search.pending
        search.survivors, search.slow, search.base_score = [], [], None
    if screener is not None:
        search.screen_cases = list(screener.case_names)
    left = remaining_s(state, ctx, t0)
    base_sites = [(x.line, x.score) for x in loc.sites]

    def later_tier(screened: set[str]) -> list[Any]:
        """The second tier (fitted literals, the rewrites of the ten most suspected lines); then, where
        the clock still allows, the rewrites of the next twenty lines (a kernel of many alike lines,
        three stores and three sums for x, y, z, ranks its one faulty math line 19th); last what the
        limits of those two left out (a suspected line's 150th rewrite), over the forty most suspected lines."""
        if not ctx.config.search_rewrites:
            return []
        sites = sites_by_effect(base_sites, search)  # what the probes and the screened edits moved
        if search.tiers == 1:
            # the fit's screens, within the search's time (a CUDA C batch is an extension build)
            now = remaining_s(state, ctx, t0)
            budget = 90.0 if now is None else max(5.0, min(90.0, now * 0.8 - 10))
            cands = fit_candidates(base_src, sites, lambda sources: _screen_errors(screener, sources, budget)) \
                if screener and budget > 5.0 else []
            cands += grammar_candidates(base_src, sites, limit=ctx.config.search_rewrites)
        elif search.tiers == 2:
            cands = grammar_candidates(base_src, sites, limit=ctx.config.search_rewrites, start=10, max_lines=20)
        else:
            cands = grammar_candidates(base_src, sites, limit=3 * ctx.config.search_rewrites, max_lines=40)
        # a rewrite that gives the kernel a form of the reference's (numbers and all) goes first
        cands = reference_form_first([c for c in cands if source_hash(c.source) not in screened], base_src, ref_src)
        emit(ctx, "search_rewrites", base=state.base_index, tier=search.tiers + 1, candidates=len(cands))
        return cands

    wide = getattr(screener, "batch_scale", 1)
    prop = search_propose(base_src, search, screener=screener, combine_fn=combined, seen_hashes=state.seen_hashes,
                          deadline_s=search_deadline(left, report, EVIDENCE_COST_RATIO if ctx.evidence is not None
                                                     and state.base_index == 0 else 1.0), clock=ctx.clock,
                          first_batch=ctx.config.search_first_batch * wide, batch=ctx.config.search_batch * wide,
                          max_improvements=ctx.config.search_improvements,
                          base_runs=report.failure_class not in guards.RUN_FAILURES,
                          more=later_tier, more_batch=ctx.config.search_rewrite_batch * wide, more_tiers=3)
    (ctx.run.path / f"search_{state.base_index}.json").write_text(json.dumps({
        "base": state.base_index, "base_screen_score": search.base_score,
        "screen_cases": getattr(screener, "case_names", []), "screen_device": getattr(screener, "device", None),
        "screen_note": search.screen_note, "screen_extensions": getattr(screener, "extensions", {}),
        "tried": [t.model_dump() for t in search.tried], "left": len(search.pending),
        "survivors": len(search.survivors), "slow": len(search.slow), "combined": search.combined,
        "effects": {str(k): v for k, v in search.effects.items()}, "cleared": search.cleared,
    }, indent=1))
    emit(ctx, "search", base=state.base_index, tried=len(search.tried), left=len(search.pending),
         outcome=prop.status, origin=prop.origin)
    if prop.status in ("wall_time", "exhausted"):
        searches = [v for k, v in ctx.cache.items() if isinstance(k, tuple) and k[:1] == ("search",)]
        prop = prop.model_copy(update={"message": searched_in_all(searches, prop.message)})
    return prop


def searched_in_all(searches: list[Any], message: str) -> str:
    """The search's explanation counts the current base's edits: where the run moved bases, its total
    goes first (a run that screened 2,300 edits from three bases read as "8 candidates")."""
    if len(searches) < 2:
        return message
    total = sum(len(s.tried) for s in searches)
    return f"{len(searches)} bases searched, {total} candidates screened in all; the last base's: {message}"


def guard(state: RepairState, ctx: RepairContext) -> dict[str, Any]:
    n = state.pending
    assert n is not None
    h = source_hash(ctx.run.read_source(n))
    g = guards.oscillation(h, state.seen_hashes)
    if g.fired:
        emit(ctx, "guard", name=g.name, action=g.action, reason=g.reason, index=n)
        return _stop("unrepaired", "oscillation", f"oscillation: {g.reason}; best candidate #{state.best_index}")
    seen = [*state.seen_hashes, h]
    if ctx.static_check is not None:
        cheats = _static_cheats(ctx, ctx.run.candidate_source_path(n))
        if cheats:
            msg = f"candidate #{n} ({state.pending_origin}) rejected by static anti-cheat: {cheats[0].message}"
            emit(ctx, "rejected", index=n, guard="cheat", reason=msg)
            return {"seen_hashes": seen, "pending": None, "route": "gate",
                    "rejected": [*state.rejected, f"{n}:cheat:{cheats[0].message}"],
                    "history": [*state.history, msg],
                    "feedback": f"{msg}. The next edit starts again from candidate #{state.best_index}.",
                    "failed_patterns": [*state.failed_patterns, *state.pending_patterns]}
    return {"seen_hashes": seen, "route": "verify"}


def assess(state: RepairState, ctx: RepairContext) -> dict[str, Any]:
    cfg = ctx.config
    n = state.last_index
    assert n is not None and n > 0
    report = _report(ctx, n)
    score = guards.report_score(report)
    line = f"candidate #{n} ({state.pending_origin}): {report.verdict}: {report.summary[:300]}"
    upd: dict[str, Any] = {}
    route = "gate"
    failed = [*state.failed_patterns, *state.pending_patterns]
    if report.verdict == "cheat":
        msg = f"{line} -- rejected as a cheat; reverted to candidate #{state.best_index}"
        emit(ctx, "rejected", index=n, guard="cheat", reason=report.summary)
        upd.update(rejected=[*state.rejected, f"{n}:cheat:{report.summary[:200]}"], history=[*state.history, msg],
                   feedback=f"Your patch made the kernel cheat ({report.summary}); it was rejected.",
                   failed_patterns=failed)
    elif report.verdict == "pass":
        # against the original candidate's own time only: no other baseline under that name
        try:
            precision = guards.precision_only(ctx.run.candidate_source_path(0).read_text(),
                                              ctx.run.candidate_source_path(n).read_text())
        except OSError:
            precision = False
        g = guards.degeneration(report, state.original_ms, cfg.degeneration_ratio, precision_fix=precision)
        if not g.fired and g.reason:
            emit(ctx, "guard_skipped", name=g.name, reason=g.reason, index=n)
            upd["history"] = [*state.history, f"{line} -- degeneration {g.reason}"]
        if g.fired:
            emit(ctx, "rejected", index=n, guard=g.name, reason=g.reason)
            upd.update(rejected=[*state.rejected, f"{n}:degeneration:{g.reason}"],
                       history=[*state.history, f"{line} -- rejected: {g.reason}"],
                       feedback=f"Your patch is correct but {g.reason}: keep the kernel fast.", failed_patterns=failed)
        else:
            why = _unconfirmed(state, ctx, n)
            if why is None:
                return {**upd, **_stop_repaired(state, n, report, score)}
            emit(ctx, "rejected", index=n, guard="confirm", reason=why)
            upd.update(rejected=[*state.rejected, f"{n}:confirm:{why[:200]}"],
                       history=[*upd.get("history", state.history), f"{line} -- rejected: {why[:300]}"],
                       feedback=f"Your patch passes at one seed but not at another ({why[:300]}).", failed_patterns=failed)
    else:
        cut = _cut_by_time(state, ctx, report)
        if cut:  # not a verdict on the edit: said in the run's last reason (gate)
            emit(ctx, "unjudged", index=n, reason=cut)
            ctx.cache["unjudged"] = f"candidate #{n} ({state.pending_origin}) {cut}"
        if "passed the screen" in (state.pending_origin or ""):
            learned = ctx.cache.setdefault("screen_learned", set())
            learned.update(f.case for f in report.errors() if f.case)
        if (not state.best_score or score < state.best_score) and _survivors_left(ctx, state):
            # better, but right only on what the screen judged: the base's other screen survivors
            # (often other edits of the same line) are verified before it becomes the base
            upd.update(best_index=n, best_hash=source_hash(ctx.run.read_source(n)), best_score=score, deferred_base=n,
                       history=[*state.history, f"{line} -- better than #{state.best_index}; the other edits that "
                                f"passed the screen go first"])
        elif not state.best_score or score < state.best_score:
            upd.update(best_index=n, best_hash=source_hash(ctx.run.read_source(n)), best_score=score, base_index=n,
                       base_trail=[*state.base_trail, state.base_index], deferred_base=None,
                       base_hash=source_hash(ctx.run.read_source(n)),
                       history=[*state.history, f"{line} -- better than #{state.best_index}: new base"])
            route = "retrieve"
        else:
            g = guards.regression(score, state.best_score)
            if g.fired:
                emit(ctx, "rejected", index=n, guard=g.name, reason=g.reason)
                upd.update(rejected=[*state.rejected, f"{n}:regression:{g.reason}"],
                           history=[*state.history, f"{line} -- worse than #{state.best_index}: reverted"])
            else:
                upd.update(history=[*state.history, f"{line} -- no better than #{state.best_index}"])
            upd["failed_patterns"] = failed
    k = cfg.offline_stall_k if ctx.offline else cfg.stall_k
    g = guards.stall(state.signatures, k)
    trail = upd.get("base_trail", state.base_trail)
    if g.fired and ctx.offline and trail and route != "retrieve":
        # a better base whose every edit fails alike is a dead end, not the end: back to the base
        # before it, whose search goes on where it stopped (the marker restarts the stall count)
        parent = trail[-1]
        base = upd.get("base_index", state.base_index)
        emit(ctx, "backtrack", base=base, to=parent, reason=g.reason)
        return {**upd, "base_index": parent, "base_hash": source_hash(ctx.run.read_source(parent)),
                "base_trail": trail[:-1], "signatures": [*state.signatures, f"backtrack:{base}->{parent}"],
                "history": [*upd.get("history", state.history), f"stall at #{base} ({g.reason[:200]}); back to #{parent}"],
                "route": "gate"}
    if g.fired:
        emit(ctx, "guard", name=g.name, action=g.action, reason=g.reason)
        return {**upd, **_stop("unrepaired", "stall", f"stall: {g.reason}; best candidate #{upd.get('best_index', state.best_index)}")}
    return {**upd, "route": route}


def _cut_by_time(state: RepairState, ctx: RepairContext, report: VerifyReport) -> str | None:
    """Why `report` judges nothing (its verify ran into the run's time limit), or None. A verify's workers
    get the run's time left as their limit: a candidate still running its costliest case then (the
    interpreter's 4 097-row case) fails `timeout`, which says nothing about the edit."""
    left = remaining_s(state, ctx, ctx.clock())
    if report.failure_class != "timeout" or left is None or left > 1.0:
        return None
    case = next((f.case for f in report.errors() if f.failure_class == "timeout" and f.case), None)
    where = f" in case {case}" if case else ""
    return (f"was not judged: its verify ran into the run's time limit{where} "
            f"(a longer --timeout judges it)")


CONFIRM_GRACE_S = 30.0


def _unconfirmed(state: RepairState, ctx: RepairContext, n: int) -> str | None:
    """Why candidate `n` fails the verifier at the second seed (None: it passes, or there is no
    second verify). A search screens thousands of edits against one draw of inputs; one can fit that
    draw (a range test that holds only for the default constructor arguments) and not the problem."""
    if ctx.confirm is None:
        return None
    t0 = ctx.clock()
    left = remaining_s(state, ctx, t0)
    if left is not None:
        # a candidate that passed the full verifier is not lost to the clock: its second seed (a fresh
        # reference run, a worker start) may take CONFIRM_GRACE_S past the repair's wall time
        left = max(left, CONFIRM_GRACE_S)
    path, ref = ctx.run.candidate_source_path(n), Path(state.verify_reference)
    report = None
    try:
        report = ctx.confirm(path, ref, timeout_s=left) if left is not None and _takes_timeout(ctx.confirm) \
            else ctx.confirm(path, ref)
    except (InputError, ReferenceFailed) as exc:
        why = f"the verify at the second seed could not run: {exc}"
    if report is not None:
        ctx.run.report_path(n).with_name("confirm_report.json").write_text(report.model_dump_json(indent=1))
        why = None if report.verdict == "pass" else f"at seed {report.seed}: {report.summary}"
    emit(ctx, "confirm", index=n, verdict=report.verdict if report else "error", seed=report.seed if report else None,
         seconds=round(ctx.clock() - t0, 3))
    return why


def _stop_repaired(state: RepairState, n: int, report: VerifyReport, score: list[float]) -> dict[str, Any]:
    return {
        **_stop("repaired", None, f"candidate #{n} ({state.pending_origin}) passes the verifier: {report.summary}"),
        "best_index": n,
        "best_score": score,
        "repaired_index": n,
        "repaired_origin": state.pending_origin,
        "repaired_patterns": state.pending_patterns,
    }


def summary_of(state: RepairState, ctx: RepairContext, *, status: str | None = None, guard: str | None = None,
               reason: str | None = None) -> RepairSummary:
    st = status or (state.status if state.status != "running" else "unrepaired")
    spent = state.spent
    repaired_path = None
    if st == "repaired" and state.repaired_index is not None:
        dst = ctx.run.repaired_path(state.kernel)
        if not dst.is_file():
            shutil.copyfile(ctx.run.candidate_source_path(state.repaired_index), dst)
        repaired_path = str(dst.resolve())
    return RepairSummary(
        status=st,  # type: ignore[arg-type]
        reason=reason or state.reason or "the run ended without a reason",
        repaired_path=repaired_path,
        run_dir=str(ctx.run.path),
        attempts=state.attempts,
        tokens=spent.tokens,
        cost=round(spent.cost_usd, 6),
        guard=guard or state.guard,  # type: ignore[arg-type]
        kernel=state.kernel,
        model=ctx.config.model,
        triage=state.triage,
        prompt_tokens=spent.prompt_tokens,
        completion_tokens=spent.completion_tokens,
        llm_calls=spent.calls,
        cost_known=spent.cost_known,
        candidates=state.step,
        best_index=state.best_index,
        seconds=round(state.elapsed_s, 3),
        original=state.original,
        reference=state.reference,
    )


def report(state: RepairState, ctx: RepairContext) -> dict[str, Any]:
    scr = ctx.cache.pop("screener_obj", None)
    if scr is not None:
        scr.close()
    s = summary_of(state, ctx)
    ctx.run.write_summary(s)
    emit(ctx, "summary", **s.model_dump(mode="json"))
    return {"status": s.status, "reason": s.reason}


def learn(state: RepairState, ctx: RepairContext) -> dict[str, Any]:
    store = ctx.patterns
    if store is None or not ctx.config.learn:
        emit(ctx, "learn", status="not_run", reason="no pattern store" if store is None else "learning disabled")
        return {}
    won = set(state.repaired_patterns) if state.status == "repaired" else set()
    lost = set(state.failed_patterns) - won
    for pid in sorted(won):
        store.record_outcome(pid, True)
    for pid in sorted(lost):
        store.record_outcome(pid, False)
    learned = None
    if state.status == "repaired" and not won and state.repaired_index is not None:
        original = _report(ctx, 0)
        learned = store.learn(
            original.failure_class, failure_digest(original), ctx.run.read_source(0),
            ctx.run.read_source(state.repaired_index),
            f"Repaired by {state.repaired_origin} in run {state.run_id}: {state.reason}",
            state.run_id, verified=True,
        )
    emit(ctx, "learn", successes=sorted(won), failures=sorted(lost),
         learned=learned.model_dump(mode="json") if hasattr(learned, "model_dump") else None)
    return {}
