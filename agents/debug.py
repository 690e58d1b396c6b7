"""The debug agent: proposes the next candidate kernel.

Two paths, one result type:
- the pattern engine (no LLM): the mechanical fixes of the retrieved patterns, site by site,
  cheapest first, skipping any candidate already tried (generate-and-validate);
- the edit search (no LLM, the real engine): the retrieved patterns' fixes and the inverse-fault
  operators' edits at the localized sites, screened many at a time in one worker; screen
  survivors go to the full verifier, pairs of error-reducing edits are tried next;
- an LLM (any litellm model): the debug.j2 prompt with the report, patterns, kernel and
  history; the answer's search/replace blocks are applied; a malformed or non-applying answer,
  or one that touches the reference, comes back as feedback for the next call.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Callable, Sequence
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from kagent.budget import CallUsage, Ledger
from kagent.errors import BudgetExceeded
from kagent.repair.state import RepairConfig
from kagent.report import VerifyReport
from kagent.tools.edits import apply_edits, source_hash

log = logging.getLogger("kagent.agents.debug")

ProposalStatus = Literal["candidate", "feedback", "exhausted", "budget", "overrun", "wall_time", "provider_error"]
FixesFn = Callable[[Sequence[Any], str, int], Sequence[Any]]


class Proposal(BaseModel):
    model_config = ConfigDict(extra="forbid")

    status: ProposalStatus
    message: str
    source: str | None = None
    origin: str = ""
    pattern_ids: list[str] = []
    # LLM accounting (zero for the engine); the overrun fields of `usage` are set only with status
    # "overrun" (the provider's usage beyond what was reserved for the call, and beyond the budget)
    prompt: list[dict[str, str]] = []
    answer: str = ""
    usage: CallUsage = Field(default_factory=CallUsage)
    requests: int = 0
    retries: list[str] = []
    error_kind: str = ""
    # status "budget": which budget refused the call
    budget_guard: Literal["token_budget", "cost", ""] = ""


# -- shared helpers ---------------------------------------------------------------------------
def _compact(v: Any) -> Any:
    if isinstance(v, float):
        return float(f"{v:.3g}")
    if isinstance(v, list):
        return [_compact(x) for x in v[:3]] + (["..."] if len(v) > 3 else [])
    return v


def finding_lines(report: VerifyReport, limit: int = 6) -> list[str]:
    """The report's error findings for a prompt: one line per (check, failure class) with the
    first finding's evidence (3 significant digits) and the other cases it occurs in."""
    keys = ("location", "mismatch_fraction", "max_abs_err", "max_rel_err", "rel_l2_err", "ref_rel_l2_err",
            "tolerance_abs", "nan_count", "first_mismatches", "shape", "dtype", "offset", "elements", "numel")
    groups: dict[tuple[str, str | None], list[Any]] = {}
    for f in report.errors():
        groups.setdefault((f.check, f.failure_class), []).append(f)
    out = []
    for (check, fc), fs in list(groups.items())[:limit]:
        f = fs[0]
        ev = {k: _compact(f.evidence[k]) for k in keys if k in f.evidence}
        case = f" [case {f.case}]" if f.case else ""
        evs = f" evidence: {ev}" if ev else ""
        tb = f.evidence.get("traceback")
        tail = ""
        if isinstance(tb, str) and tb.strip():
            tail = " | " + " / ".join(tb.strip().splitlines()[-3:])[:400]
        others = [g.case or "?" for g in fs[1:]]
        also = f"; also in {len(others)} more case(s): {', '.join(others[:8])}" if others else ""
        out.append(f"{check} {fc}{case}: {f.message}{evs}{tail}{also}")
    if len(groups) > limit:
        out.append(f"... and {len(groups) - limit} more kinds of finding")
    return out


def failure_digest(report: VerifyReport) -> str:
    """The summary and the first kinds of finding: the query text for pattern retrieval."""
    return "\n".join([report.summary, *finding_lines(report, limit=4)])


def pattern_ids_for(transform: str, hits: Sequence[Any]) -> list[str]:
    return [h.pattern.id for h in hits if getattr(h.pattern, "fix", None) == transform]


# -- the pattern engine -----------------------------------------------------------------------
def engine_propose(
    base_source: str,
    hits: Sequence[Any],
    candidate_fixes: FixesFn,
    *,
    seen_hashes: Sequence[str],
    limit: int,
) -> Proposal:
    """The cheapest untried mechanical fix of the retrieved patterns on `base_source`."""
    if not hits:
        return Proposal(status="exhausted", message="no repair pattern matches this failure")
    edits = list(candidate_fixes(hits, base_source, limit))
    seen = set(seen_hashes)
    for e in edits:
        h = source_hash(e.new_source)
        if h in seen:
            continue
        return Proposal(
            status="candidate",
            message=e.description,
            source=e.new_source,
            origin=f"{e.transform}@{e.line}: {e.description}",
            pattern_ids=pattern_ids_for(e.transform, hits),
        )
    ids = ", ".join(h.pattern.id for h in hits)
    return Proposal(
        status="exhausted",
        message=f"every mechanical fix of the retrieved patterns was tried ({len(edits)} edits from {ids})",
    )


# -- the LLM path -----------------------------------------------------------------------------
def pattern_views(hits: Sequence[Any]) -> list[dict[str, str]]:
    return [
        {
            "id": h.pattern.id,
            "title": h.pattern.title,
            "explanation": h.pattern.explanation.strip(),
            "example_before": (h.pattern.example_before or "").strip(),
            "example_after": (h.pattern.example_after or "").strip(),
        }
        for h in hits
    ]


def debug_messages(
    *,
    kernel_name: str,
    backend: str,
    kernel_source: str,
    reference_source: str,
    single_file: bool,
    report: VerifyReport,
    hits: Sequence[Any],
    history: Sequence[str],
    feedback: str | None,
    prompt_patterns: int = 3,
    localization: Sequence[str] = (),
) -> list[dict[str, str]]:
    from kagent.tools.templates import render

    user = render(
        "debug.j2",
        kernel_name=kernel_name,
        backend=backend,
        kernel_source=kernel_source,
        reference_source=reference_source,
        single_file=single_file,
        verdict=report.verdict,
        failure_class=report.failure_class or "",
        report_summary=report.summary,
        findings=finding_lines(report),
        patterns=pattern_views(hits[:prompt_patterns]),
        history=list(history)[-12:],
        feedback=feedback or "",
        localization=list(localization),
    )
    system = "You are an expert GPU kernel engineer. You fix kernels with minimal, exact edits."
    return [{"role": "system", "content": system}, {"role": "user", "content": user}]


def llm_propose(
    messages: list[dict[str, str]],
    base_source: str,
    *,
    config: RepairConfig,
    ledger: Ledger,
    request_index: int,
    reference_names: tuple[str, ...],
    single_file: bool,
    sleep: Callable[[float], None],
    deadline_s: float | None = None,
    clock: Callable[[], float] | None = None,
) -> Proposal:
    """One LLM call and its answer applied to `base_source`. `deadline_s`: the run's remaining
    wall time, which caps the request timeouts and retry backoffs."""
    import time

    from kagent.tools import llm

    try:
        ans = llm.complete(
            messages,
            model=config.model,
            ledger=ledger,
            max_tokens=config.max_tokens_per_call,
            min_answer_tokens=config.min_answer_tokens,
            retries=config.llm_retries,
            backoff_s=config.llm_backoff_s,
            timeout_s=config.llm_timeout_s,
            temperature=config.temperature,
            price_model=config.price_model,
            request_index=request_index,
            deadline_s=deadline_s,
            sleep=sleep,
            clock=clock or time.monotonic,
        )
    except llm.CostExceeded as exc:
        return Proposal(status="budget", budget_guard="cost", message=str(exc), prompt=messages)
    except BudgetExceeded as exc:
        return Proposal(status="budget", budget_guard="token_budget", message=str(exc), prompt=messages)
    except llm.WallTimeExceeded as exc:
        return Proposal(status="wall_time", message=str(exc), prompt=messages, requests=exc.requests,
                        retries=exc.errors)
    except llm.ProviderError as exc:
        return Proposal(
            status="provider_error",
            message=str(exc),
            prompt=messages,
            requests=exc.requests,
            retries=exc.errors[:-1],
            error_kind=exc.kind,
        )
    u = ans.usage
    acct: dict[str, Any] = dict(
        prompt=messages,
        answer=ans.text,
        usage=u.model_copy(update={"overrun_tokens": 0, "budget_overrun_tokens": 0}),
        requests=ans.requests,
        retries=ans.retries,
    )
    if u.overrun_tokens and ledger.token_budget is not None:  # the count failed: the next call cannot be trusted
        over = f"; the token budget is overrun by {u.budget_overrun_tokens}" if u.budget_overrun_tokens else ""
        return Proposal(
            status="overrun",
            message=(f"the provider reported {u.prompt_tokens}+{u.completion_tokens} tokens for a call reserved "
                     f"at {u.reserved_tokens} (counted prompt {u.counted_prompt_tokens}): overran by "
                     f"{u.overrun_tokens}{over}; no further calls"),
            **{**acct, "usage": u},
        )
    res = apply_edits(base_source, ans.text, reference_names=reference_names, guard_reference_part=single_file)
    if res.status != "applied":
        hint = {
            "malformed": "Answer with SEARCH/REPLACE blocks exactly as shown.",
            "no_match": "Copy the SEARCH lines exactly from the current kernel.",
            "ambiguous": "Make each SEARCH section unique.",
            "touches_reference": "Edit only ModelNew and its kernels.",
            "no_change": "The kernel must change.",
        }[res.status]
        truncated = " (the answer was cut at max_tokens)" if ans.finish_reason == "length" else ""
        return Proposal(status="feedback", message=f"{res.status}: {res.message}{truncated}. {hint}", **acct)
    return Proposal(
        status="candidate",
        message=res.message,
        source=res.new_source,
        origin=f"llm answer {request_index}",
        **acct,
    )


# -- the search (offline, with the real engine) -------------------------------------------------
class Tried(BaseModel):
    model_config = ConfigDict(extra="forbid")

    origin: str
    operator: str
    family: str
    line: int
    priority: float
    screen: str = ""
    score: list[float] = []
    passed: bool = False


class Search(BaseModel):
    """The edit search from one base: its candidates, what the screen said, what is left."""

    model_config = ConfigDict(extra="forbid", arbitrary_types_allowed=True)

    base_hash: str
    pending: list[Any] = []  # Candidate (kagent.patterns.engine), not yet screened
    survivors: list[Any] = []  # passed the screen, not yet fully verified
    slow: list[Any] = []  # passed the screen at SLOW_SURVIVOR_X the base's screen time or more: proposed last
    improved: list[tuple[list[float], int, Any]] = []  # (screen score, order, Candidate) better than the base
    screened: list[Any] = []  # every screened single, in rank order
    scores: dict[str, list[float]] = {}  # source hash -> screen score
    tried: list[Tried] = []
    base_score: list[float] | None = None
    combined: bool = False
    twinned: bool = False
    extended: bool = False  # the second tier (every small rewrite of the suspected lines) was added
    tiers: int = 0  # how many later tiers were added (the second, then the rewrites of less suspected lines)
    proposed: list[str] = []  # hashes sent to the full verifier
    screen_note: str = ""
    screen_cases: list[str] = []  # the cases the screen judged on (more may be added by the full verifier's failures)
    batches: int = 0
    focused: list[int] = []  # lines whose other edits were screened because one of them passed the screen
    base_rels: dict[str, float] = {}  # the base's screen result, case by case: relative L2 error ...
    base_wrong: dict[str, float] = {}  # ... and mismatched elements
    effects: dict[int, list[int]] = {}  # line -> what its screened single edits did: [spill, inert, focused]
    cleared: list[int] = []  # lines whose edits do nothing on the failing elements: their other edits wait
    probes: list[Any] = []  # value probes (Candidate, operator "probe"): screened once, never proposed
    probed: bool = False
    base_seconds: float = 0.0  # the base's own screen time


# how many single edits of a line must have done nothing, none changed only what is wrong, before the
# line's other edits wait for every other line's (mutation-based localization); and how many must have
# changed only what is wrong, no more spilled, before its other edits go first. A spill alone clears
# nothing: a fault that shows only where a max or a branch takes it (a gap penalty left out of one
# of three moves) spills on its own line. A probe (patterns/operators/probes.py) counts as that many.
CLEAR_AFTER = 6
IMPLICATE_AFTER = 3
PROBE_SECONDS = 15.0  # the value probes' share of a base's screening time, at most


def _effect(search: Search, r: Any) -> str | None:
    """What a screened single edit did, judged on the first case the screen ran that tells: `spill`
    (a case the base passes fails, or the mismatched elements more than doubled: the line feeds right
    outputs), `inert` (the base's error exactly: the line does not reach the failing elements) or
    `focused` (it changed what was wrong, for better or worse, and not much else). None where it did
    not run or the screen cannot tell."""
    if r.score[0] >= 2 or not search.base_wrong:
        return None
    for case, base_wrong in search.base_wrong.items():
        wrong, base_rel = r.wrong.get(case, 1e30), search.base_rels.get(case, 1e30)
        if wrong >= 1e29 or base_wrong >= 1e29:
            return None
        # more than doubled: right elements went wrong beyond the fault's own reach (an edit of the faulty
        # line may also turn the few elements the fault happened to leave right)
        if wrong > 2 * base_wrong + 0.5:
            return "spill"
        if base_wrong > 0:
            rel = r.rels.get(case, 1e30)
            return "inert" if abs(rel - base_rel) <= 1e-9 * max(abs(base_rel), 1e-30) and wrong == base_wrong else "focused"
    return None


def _note_effects(search: Search, batch: list[Any], results: list[Any]) -> None:
    for c, r in zip(batch, results):
        kind = _effect(search, r) if "+" not in c.operator else None
        if kind is None:
            continue
        counts = search.effects.setdefault(c.line, [0, 0, 0])
        probe = c.operator == "probe"
        counts[("spill", "inert", "focused").index(kind)] += (
            1 if not probe or kind == "spill" else CLEAR_AFTER if kind == "inert" else IMPLICATE_AFTER)
        if counts[2] == 0 and counts[1] >= CLEAR_AFTER and c.line not in search.cleared:
            search.cleared.append(c.line)
        elif counts[2] and c.line in search.cleared:
            search.cleared.remove(c.line)


def _implicated(search: Search) -> set[int]:
    return {ln for ln, (spill, _inert, focused) in search.effects.items() if focused >= max(IMPLICATE_AFTER, spill)}


def _screen_probes(search: Search, screener: Any, base_source: str, timeout_s: float | None) -> None:
    """The base's value probes, once, right after its first batch: what each line's nudge moved."""
    search.probed = True
    if not search.probes or (timeout_s is not None and timeout_s <= 0):
        return
    if search.base_score is None:  # nothing screened yet: the base first, for what the probes are judged against
        _screen_batch(search, screener, base_source, [], timeout_s)
    # about PROBE_SECONDS of screening at the base's pace: a slow kernel gets fewer (one a line, spread)
    n = max(8, int(PROBE_SECONDS / max(search.base_seconds, 0.05)))
    probes = search.probes
    if len(probes) > n:
        one = list({c.line: c for c in reversed(probes)}.values())[::-1]  # each line's first nudge
        probes = [one[round(i * (len(one) - 1) / (n - 1))] for i in range(n)] if len(one) > n else one
    results = screener.screen([c.source for c in probes], timeout_s=timeout_s)
    for c, r in zip(probes, results):
        search.tried.append(Tried(origin=c.origin, operator=c.operator, family=c.family, line=c.line,
                                  priority=0.0, screen=r.summary(), score=r.score, passed=False))
    _note_effects(search, probes, results)


def sites_by_effect(sites: list[tuple[int, float]], search: Search) -> list[tuple[int, float]]:
    """The localization's sites, implicated lines first (with the top score; one the localization left
    out joins them) and cleared lines last, each group in its order: the later tiers rewrite the first
    ten and the next twenty, and a fault line the symptoms rank 15th is rewritten first."""
    implicated = _implicated(search)
    if not (implicated or search.cleared):
        return sites
    top = max([s for _, s in sites] or [1.0])
    have = {ln for ln, _ in sites}
    first = [(ln, top) for ln, _ in sites if ln in implicated] + [(ln, top) for ln in sorted(implicated - have)]
    last = [(ln, s) for ln, s in sites if ln in search.cleared and ln not in implicated]
    middle = [(ln, s) for ln, s in sites if ln not in implicated and ln not in search.cleared]
    return first + middle + last


def _by_effect(pending: list[Any], search: Search) -> list[Any]:
    """`pending` in its order, but the single edits of implicated lines (their edits changed only what
    is wrong: the failing elements' slice) first and those of cleared lines last."""
    implicated = _implicated(search)
    if not (implicated or search.cleared):
        return pending

    def group(c: Any) -> int:
        if "+" in c.operator:
            return 1
        return 0 if c.line in implicated else 2 if c.line in search.cleared else 1

    return sorted(pending, key=group)  # stable: each group keeps its rank order


def _screen_batch(search: Search, screener: Any, base_source: str, batch: list[Any], timeout_s: float | None) -> None:
    first = search.base_score is None
    sources = ([base_source] if first else []) + [c.source for c in batch]
    results = screener.screen(sources, timeout_s=timeout_s, base_first=first)
    if first:
        search.base_score = results[0].score
        search.base_rels, search.base_wrong = dict(results[0].rels), dict(results[0].wrong)
        search.base_seconds = results[0].seconds
        results = results[1:]
    search.batches += 1
    _note_effects(search, batch, results)
    order = len(search.tried)
    for i, (c, r) in enumerate(zip(batch, results)):
        if "+" not in c.operator:
            search.screened.append(c)
        search.scores[source_hash(c.source)] = r.score
        search.tried.append(Tried(origin=c.origin, operator=c.operator, family=c.family, line=c.line,
                                  priority=round(c.priority, 3), screen=r.summary(), score=r.score, passed=r.passed))
        if r.passed and not getattr(screener, "cuda_c", False) and _slow(search, r.seconds):  # builds blur CUDA C times
            search.slow.append(c)
        elif r.passed:
            search.survivors.append(c)
        elif search.base_score is not None and r.score < search.base_score:
            search.improved.append((r.score, order + i, c))
    search.improved.sort(key=lambda t: (t[0], t[1]))


# A survivor this many times slower than the base on the screen's cases (a block of 32 made 2: right, and 16x
# the programs) costs its verify as much more, most in the costly shape cases (one such verify ran 385 s on the
# 2-core CPU and timed out): it waits until the search has nothing faster that passes. Under SLOW_BASE_S of
# base screen time the ratio is the worker's noise.
SLOW_SURVIVOR_X = 4.0
SLOW_BASE_S = 0.2
SLOW_LAST_S = 90.0  # with this little of the search's time left a slow survivor goes before more screening


def _slow(search: Search, seconds: float) -> bool:
    ran = search.base_score is not None and search.base_score[0] < 2  # a base that raised stopped early
    return ran and search.base_seconds >= SLOW_BASE_S and seconds > SLOW_SURVIVOR_X * search.base_seconds


def _screen_siblings(search: Search, screener: Any, base_source: str, timeout_s: float | None, limit: int = 8) -> None:
    """An edit that passes the screen says where the fault is; other edits of that line may be the
    right fix where it is only right on the screen's cases (`L // BLOCK` -> `L % BLOCK` passed every
    case but one, the ceil division of the same loop bound was 100 edits further down). Each such
    line's unscreened single edits are screened at once, so that they are survivors too: proposed
    after it, or after a backtrack to this base."""
    lines = [c.line for c in search.survivors if "+" not in c.operator and c.line not in search.focused]
    for line in dict.fromkeys(lines):
        search.focused.append(line)
        same = [c for c in search.pending if c.line == line and "+" not in c.operator][:limit]
        if same and (timeout_s is None or timeout_s > 0):
            search.pending = [c for c in search.pending if not any(c is x for x in same)]
            batches = search.batches  # not a batch of the schedule (first, twins, ...)
            _screen_batch(search, screener, base_source, same, timeout_s)
            search.batches = batches


def _twins(base_source: str, candidates: list[Any], combine_fn: Callable[[str, Any, Any], Any],
           limit: int = 8) -> list[Any]:
    """One edit made at every site it applies to, two sites at a time: the same operator with the
    same change on different lines (a K loop's two loads both unmasked, both strides of a pair
    swapped). A fault copied to parallel sites moves the error only when every copy is fixed, so
    the screen ranks each half no better than the base; these pairs go early, not after the singles."""
    groups: dict[tuple[str, str], list[Any]] = {}
    for c in candidates:
        if "+" not in c.operator and c.edit is not None:
            change = re.sub(r"\bline \d+\b", "line", c.edit.description)  # descriptions name their line
            groups.setdefault((c.operator, change), []).append(c)
    out, made = [], set()
    for same in groups.values():
        for i, a in enumerate(same):
            for b in same[i + 1:]:
                c = combine_fn(base_source, a, b) if a.line != b.line else None
                if c is not None and c.source not in made:
                    made.add(c.source)
                    out.append(c)
    return out[:limit]


def _pairs(base_source: str, search: Search, combine_fn: Callable[[str, Any, Any], Any], k: int = 6,
           limit: int = 40) -> list[Any]:
    """Pairs of single edits that each reduced the error (or, with fewer than two of those, the
    best-ranked edits of different lines)."""
    singles = [c for _s, _o, c in search.improved[:k] if "+" not in c.operator]
    pairs = [(a, b) for i, a in enumerate(singles) for b in singles[i + 1:]]
    # a fault spread over two sites (both loads of a K loop unmasked) may need both edits before
    # the error moves: pairs of one operator's edits on different lines, for the 3 top operators
    ops: list[str] = []
    for c in search.screened:
        if c.operator not in ops and not c.operator.startswith(("grid", "pid", "kernel", "stable", "atomic")):
            ops.append(c.operator)
    for op in ops[:3]:  # edits that still run (a broadcast error is no half of a fix)
        same = [c for c in search.screened if c.operator == op
                and search.scores.get(source_hash(c.source), [9.0])[0] < 2.0][:8]
        pairs += [(a, b) for i, a in enumerate(same) for b in same[i + 1:] if a.line != b.line]
    out, made = [], set()
    for a, b in pairs:
        c = combine_fn(base_source, a, b)
        if c is not None and c.source not in made:
            made.add(c.source)
            out.append(c)
    return out[:limit]


def search_propose(
    base_source: str,
    search: Search,
    *,
    screener: Any | None,
    combine_fn: Callable[[str, Any, Any], Any],
    seen_hashes: Sequence[str],
    deadline_s: float | None,
    clock: Callable[[], float],
    first_batch: int = 8,
    batch: int = 24,
    max_improvements: int = 2,
    base_runs: bool = False,
    more: Callable[[set[str]], list[Any]] | None = None,
    more_batch: int = 48,
    more_tiers: int = 1,
) -> Proposal:
    """The next candidate of the search: a screen survivor if there is one; else screen the next
    batch (the first with the base itself, for its score); when singles are spent, pairs of the
    singles that reduced the error; an improvement that halves what fails (the full verifier may
    make it the next base); then the second tier (`more(screened source hashes)`, in batches of
    `more_batch`) and pairs of both tiers' improvements, up to `more_tiers` times while `more` has
    candidates (the caller reads `search.tiers` to tell which tier to give); last the best improvements. Without a screener: the candidates in rank order
    (generate-and-validate), the second tier left out."""
    t0 = clock()
    seen = set(seen_hashes)

    def left() -> float | None:
        return None if deadline_s is None else deadline_s - (clock() - t0)

    def propose(c: Any, why: str) -> Proposal:
        h = source_hash(c.source)
        search.proposed.append(h)
        return Proposal(status="candidate", message=c.origin, source=c.source, origin=f"{c.origin} ({why})",
                        pattern_ids=list(c.pattern_ids))

    if screener is not None and search.base_score is not None and search.base_score[0] >= 2 and base_runs:
        # the full verifier ran the base, the screen could not: the screen is what is broken
        search.screen_note = search.screen_note or "the screen could not run the base; candidates go unscreened"
        screener = None
    if screener is None:
        while search.pending:
            c = search.pending.pop(0)
            search.tried.append(Tried(origin=c.origin, operator=c.operator, family=c.family, line=c.line,
                                      priority=round(c.priority, 3), screen="not screened"))
            if source_hash(c.source) not in seen:
                return propose(c, "unscreened")
        return Proposal(status="exhausted", message=f"every candidate edit was tried ({len(search.tried)})")
    while True:
        while search.survivors:
            c = search.survivors.pop(0)
            if source_hash(c.source) not in seen:
                return propose(c, "passed the screen")
        rem = left()
        if rem is not None and rem < 20:
            break
        if not search.probed and (search.batches >= 1 or not search.pending):  # after the base's batch
            _screen_probes(search, screener, base_source, None if rem is None else rem - 10)
            continue
        if search.pending:
            if search.batches == 1 and not search.twinned:
                search.twinned = True
                search.pending = _twins(base_source, search.screened + search.pending, combine_fn) + search.pending
            n = first_batch if search.batches == 0 else more_batch if search.extended else batch
            search.pending = _by_effect(search.pending, search)
            todo, search.pending = search.pending[:n], search.pending[n:]
            _screen_batch(search, screener, base_source, todo, None if rem is None else rem - 10)
            _screen_siblings(search, screener, base_source, None if left() is None else left() - 10)
            if search.base_score is not None and search.base_score[0] >= 2 and base_runs:
                search.pending = todo + search.pending  # screened in vain: they go unscreened
                search.tried = search.tried[: len(search.tried) - len(todo)]
                search.survivors, search.improved, search.screened = [], [], []
                return search_propose(base_source, search, screener=screener, combine_fn=combine_fn,
                                      seen_hashes=seen_hashes, deadline_s=deadline_s, clock=clock, first_batch=first_batch,
                                      batch=batch, max_improvements=max_improvements, base_runs=base_runs)
            continue
        if not search.combined:
            search.combined = True
            search.pending = [c for c in _pairs(base_source, search, combine_fn)
                              if source_hash(c.source) not in search.scores]
            if search.pending:
                continue
        if (search.tiers >= 1 or (rem is not None and rem < SLOW_LAST_S)) and (c := _next_slow(search, seen)) is not None:
            return propose(c, SLOW_WHY)  # after the second tier (where faster passes were found), or when time is short
        # before the second tier only an improvement that halves what fails (one of two faults
        # fixed): a smaller one made the next base sends the search away from the one-edit fix
        # this base's rewrites hold (124 of 134 logged repairs were found at the first base)
        more_left = more is not None and search.tiers < more_tiers
        # past the second tier any improvement goes first (a next base), and a third tier only where
        # none is left: where the second tier's search would have ended
        c = _next_improvement(search, seen, max_improvements,
                              strong=search.base_score if more is not None and search.tiers == 0 else None)
        if c is not None:
            return propose(c, "reduces the error on the screen")
        if more_left and (rem is None or rem >= 20):
            search.extended = True
            search.tiers += 1
            search.pending = more(set(search.scores))
            if not search.pending:
                search.tiers = more_tiers  # nothing more to give
            search.combined = False  # pairs again, of the later tier's improvements
            continue
        if (c := _next_slow(search, seen)) is not None:
            return propose(c, SLOW_WHY)
        c = _next_improvement(search, seen, max_improvements)
        if c is not None:
            return propose(c, "reduces the error on the screen")
        break
    if (c := _next_slow(search, seen)) is not None:  # out of time: a slow pass before any improvement
        return propose(c, SLOW_WHY)
    c = _next_improvement(search, seen, max_improvements)  # out of time: the best improvements still go
    if c is not None:
        return propose(c, "reduces the error on the screen")
    rem = left()
    if rem is not None and rem < 20 and (search.pending or not search.extended):
        # stopped by the clock, not by running out of edits: say so (and how much was left)
        return Proposal(status="wall_time", message=f"{explain(search)}; the time ran out with "
                        f"{len(search.pending)} edits{'' if search.extended else ' and the second tier'} unscreened")
    return Proposal(status="exhausted", message=explain(search))


SLOW_WHY = "passed the screen, slower than the base there"


def _next_slow(search: Search, seen: set[str]) -> Any | None:
    while search.slow:
        c = search.slow.pop(0)
        if source_hash(c.source) not in seen and source_hash(c.source) not in search.proposed:
            return c
    return None


def _next_improvement(search: Search, seen: set[str], limit: int, strong: list[float] | None = None) -> Any | None:
    """The best screen improvement not yet sent to the full verifier (a better one there becomes the
    next base), among the first `limit` only: each costs a full verify, and one that is no better
    there says the screen's error is not the whole story. `strong` (the base's score): only one
    that halves the failing cases or the mismatching fraction."""
    for score, _o, c in search.improved[:limit]:
        h = source_hash(c.source)
        if strong is not None and not (score[1] <= strong[1] / 2 or score[3] <= strong[3] / 2):
            continue
        if h not in seen and h not in search.proposed:
            return c
    return None


def explain(search: Search, limit: int = 5) -> str:
    """What the search tried and the best it found, one paragraph (the run's reason)."""
    fams: dict[str, int] = {}
    for t in search.tried:
        fams[t.family] = fams.get(t.family, 0) + 1
    tried = ", ".join(f"{f} x{n}" for f, n in sorted(fams.items(), key=lambda kv: -kv[1])[:10])
    best = min(search.tried, key=lambda t: t.score or [9.0], default=None) if search.tried else None
    parts = [f"the edit search screened {len(search.tried)} candidates ({tried or 'none'})"]
    if search.base_score is not None:
        parts.append(f"base screen score {search.base_score}")
    if best is not None and best.score:
        parts.append(f"best: {best.origin} -- {best.screen} (score {best.score})")
    if search.screen_note:
        parts.append(search.screen_note)
    return "; ".join(parts)
