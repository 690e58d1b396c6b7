"""`kagent.repair(...)`: one kernel through the repair graph, pydantic in, RepairSummary out.

Builds the run directory, the runtime context (model, budgets, verify function, pattern
store: injectable for tests and batch), the SQLite checkpointer, and runs or resumes the graph.
"""

from __future__ import annotations

import logging
import hashlib
import os
import sqlite3
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from kagent.agents.guards import recursion_fired, recursion_limit
from kagent.budget import Ledger
from kagent.config import VerifyConfig, fresh_seed, validation_message
from kagent.errors import InputError
from kagent.repair.nodes import RepairContext, StaticCheckFn, VerifyFn, summary_of
from kagent.repair.state import RepairConfig, RepairState, RepairSummary
from kagent.repair.rundir import RunDir
from kagent.report import Finding
from kagent.tools.problem import inspect_sources
from kagent.verifiers.anticheat_static import static_findings

__all__ = ["repair", "RepairSummary", "RepairConfig", "resolve_model"]

log = logging.getLogger("kagent.repair")

MODEL_ENV = "KAGENT_MODEL"


def resolve_model(model: str | None) -> str:
    """--model, else $KAGENT_MODEL, else the offline pattern engine."""
    return model or os.environ.get(MODEL_ENV) or "offline"


def confirm_seed(seed: int | None) -> int:
    """The second seed a passing edit is verified at: another draw of every seeded input, init
    factor and perturbation, derived from the run's (so a resumed run confirms alike)."""
    digest = hashlib.sha256(f"kagent-confirm|{seed}".encode()).digest()
    return int.from_bytes(digest[:4], "little") & 0x7FFFFFFF


def confirm_config(vcfg: VerifyConfig) -> VerifyConfig:
    """The confirm's verifier: every seeded draw again at the second seed, without what depends on sizes
    alone, which the candidate passed in the verify before it (the size cases past the tile and grid
    caps, the perturbed run's 4097 rows, the index past 2^24) or on repeating a call (determinism). Under
    the Triton interpreter those were half of a repair's verify time (an SSIM tile kernel: 43 of 76 s).
    Nor memcheck: a CUDA C candidate's accesses at these shapes were sanitized in that verify, and the
    guard regions of every run still catch a read or write past a buffer (tens of seconds on a GPU)."""
    return vcfg.model_copy(update={"seed": confirm_seed(vcfg.seed), "adversarial_shapes": False,
                                   "rows_past_4096": False, "index_past_2_24": False, "determinism": False,
                                   "sanitize": False, "sanitize_cuda_c": False})


def evidence_config(vcfg: VerifyConfig) -> VerifyConfig | None:
    """The verifier the original candidate meets first: every case, canary and oracle of the full one,
    without the dynamic anti-cheat (the traps' extra calls of the first case, the compile check, the
    plain-script run). What a repair needs of the original is where it fails, and a trap can only add a
    finding: a `fail` here is the full verifier's `fail`. Anything else (a pass, a cheat the static check
    saw, not run) is verified again in full (nodes.verify). Under the Triton interpreter the traps were a
    quarter of a near-miss's first verify (set 37's peak_prominence_nm: 23 of 92 s). A CUDA C original's
    extension is built on torch's lighter header (verifiers/extension_batch.py `lightened`): its pass too
    is verified again, as written. None where the run's verifier has no anti-cheat to leave out."""
    return vcfg.model_copy(update={"anticheat": False, "light_headers": True}) if vcfg.anticheat else None


def _default_verify(vcfg: VerifyConfig) -> VerifyFn:
    """The verifier with `vcfg`; `timeout_s` (the run's remaining wall time) caps each worker's."""

    def run(candidate: Path, reference: Path, timeout_s: float | None = None) -> Any:
        from kagent.verifiers.verify import verify_paths  # torch-free until a verify runs

        # a repair verifies again and again: the next verify's worker starts while this one's result is
        # read (where workers are not forked from a warm server: CUDA)
        cfg = vcfg.model_copy(update={"prewarm": True})
        if timeout_s is not None and timeout_s < vcfg.timeout_s:
            cfg = cfg.model_copy(update={"timeout_s": timeout_s})
        if timeout_s is not None:  # the whole verify, not only each worker (a sanitized run has 4x its limit)
            cfg = cfg.model_copy(update={"deadline": time.monotonic() + timeout_s})
        return verify_paths(candidate, reference, cfg)

    return run


def _default_static_check(vcfg: VerifyConfig, reference: Path) -> StaticCheckFn | None:
    """The verifier's static anti-cheat as a cheap pre-check of each patch (before the verify
    that runs it again with the dynamic traps)."""
    if not vcfg.anticheat:
        return None
    ref_src = reference.read_text()

    def check(path: Path) -> list[Finding]:
        try:
            return static_findings(path.read_text(), reference_source=ref_src, profile=vcfg.anticheat_profile)
        except InputError as exc:  # a patch that does not parse is no cheat: verify reports it
            log.debug("static anti-cheat skipped %s: %s", path, exc)
            return []

    return check


def _default_patterns() -> tuple[Any, Any]:
    """The pattern store and the engine's candidate_fixes (None, None when the library cannot load).
    Which failure classes the engine can fix is decided in one place: the graph's triage, for the
    backend it detects (RepairContext.knowledge)."""
    try:
        from kagent.patterns.engine import candidate_fixes
        from kagent.patterns.store import PatternStore
    except ImportError as exc:
        log.warning("pattern library unavailable (%s): the offline engine cannot propose fixes", exc)
        return None, None
    return PatternStore.open(), candidate_fixes


def _checkpointer(run: RunDir) -> Any:
    from langgraph.checkpoint.sqlite import SqliteSaver  # langgraph: loaded only when a repair runs

    conn = sqlite3.connect(str(run.checkpoints), check_same_thread=False)
    return SqliteSaver(conn), conn


def _initial_state(saved: dict[str, Any], run: RunDir) -> RepairState:
    """The graph's first state, from a run's config.json (a new run, or one killed before its
    first checkpoint)."""
    return RepairState(
        run_id=saved["run_id"], run_dir=str(run.path), kernel=saved["kernel"], model=saved["repair"]["model"],
        original=saved["original"], reference=saved["reference"], verify_reference=saved["verify_reference"],
        single_file=saved["single_file"],
    )


def _saved_state(graph: Any, lg_config: dict[str, Any]) -> Any | None:
    """The last checkpoint's snapshot, or None when the run has none (killed before its first)."""
    snap = graph.get_state(lg_config)
    if not snap.values:
        return None
    return snap


def _set_aside_damaged_checkpoints(run: RunDir) -> None:
    """A checkpoint database SQLite cannot read (a disk filled up, a copy cut short) is renamed
    aside with a warning: the run then resumes from its config, not never."""
    path = run.checkpoints
    if not path.is_file():
        return
    try:
        conn = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
        try:
            ok = conn.execute("PRAGMA quick_check").fetchone()[0] == "ok"
        finally:
            conn.close()
    except sqlite3.DatabaseError as exc:
        ok, why = False, str(exc)
    else:
        why = "quick_check failed"
    if not ok:
        aside = path.with_name(f"{path.name}.damaged-{int(time.time())}")
        os.replace(path, aside)
        log.warning("the checkpoints of %s are unreadable (%s); kept as %s, resuming from the run's config",
                    run.path, why, aside.name)


def repair(
    candidate: str | Path | None = None,
    reference: str | Path | None = None,
    *,
    model: str | None = None,
    token_budget: int | None = None,
    max_attempts: int | None = None,
    timeout_s: float | None = None,
    device: str | None = None,
    config: RepairConfig | None = None,
    verify_config: VerifyConfig | None = None,
    runs_dir: str | Path = "runs",
    resume: str | Path | None = None,
    ledger: Ledger | None = None,
    verify_fn: VerifyFn | None = None,
    confirm_fn: VerifyFn | None = None,
    evidence_fn: VerifyFn | None = None,
    patterns: Any | None = None,
    candidate_fixes: Any | None = None,
    known_classes: frozenset[str] | None = None,
    static_check: StaticCheckFn | None = None,
    on_event: Callable[[str, dict[str, Any]], None] | None = None,
    sleep: Callable[[float], None] = time.sleep,
) -> RepairSummary:
    """Repair `candidate` (or resume the run in `resume`). Raises InputError on bad input.

    Services left as None get their defaults: kagent.api.verify, the pattern store and engine,
    the verifier's static anti-cheat. Tests and `kagent batch` inject their own (a batch passes
    one shared `ledger`). `confirm_fn` verifies a passing edit once more at another seed before it
    is `repaired` (default: the verifier at a seed derived from the run's, unless `verify_fn` is
    injected without one). `evidence_fn` verifies the original first (default: the verifier without its
    dynamic anti-cheat, `evidence_config`, unless `verify_fn` is injected without one); only its `fail` stands.
    """
    if resume is not None:
        run = RunDir.open(Path(resume))
        saved = run.read_config()
        cfg = RepairConfig.model_validate(saved["repair"])
        vcfg = VerifyConfig.model_validate(saved["verify"])
        if model and resolve_model(model) != cfg.model:
            log.warning("--resume keeps the run's model %s (ignoring %s)", cfg.model, model)
        initial: RepairState | None = None
        thread = saved["run_id"]
        fresh_state = _initial_state(saved, run)
    else:
        if candidate is None:
            raise InputError("no candidate given")
        updates: dict[str, Any] = {"model": resolve_model(model or (config.model if config else None))}
        for k, v in (("token_budget", token_budget), ("max_attempts", max_attempts), ("timeout_s", timeout_s),
                     ("device", device)):
            if v is not None:
                updates[k] = v
        try:
            cfg = RepairConfig.model_validate({**(config.model_dump() if config else {}), **updates})
        except ValidationError as exc:
            raise InputError(validation_message(exc)) from exc
        vcfg = verify_config or VerifyConfig()
        if vcfg.seed is None:  # one fresh seed for the whole run (its reference outputs are made once), recorded
            vcfg = vcfg.model_copy(update={"seed": fresh_seed()})
        if cfg.device != "auto" and vcfg.device == "auto":
            vcfg = vcfg.model_copy(update={"device": cfg.device})
        files = inspect_sources(candidate, reference)
        original = Path(candidate).resolve()
        ref = Path(reference).resolve() if reference is not None else None
        kernel = original.stem
        run = RunDir.create(Path(runs_dir), kernel, cfg.model)
        thread = run.path.name
        run.write_config({
            "run_id": thread, "kernel": kernel, "original": str(original), "reference": str(ref) if ref else None,
            "verify_reference": str(files.reference), "single_file": files.single_file,
            "repair": cfg.model_dump(mode="json"), "verify": vcfg.model_dump(mode="json"),
        })
        initial = _initial_state(run.read_config(), run)

    if patterns is None and candidate_fixes is None:
        patterns, candidate_fixes = _default_patterns()
        if patterns is None and known_classes is None and cfg.model == "offline":
            known_classes = frozenset()  # no library: the engine knows nothing (far-miss, with that reason)
    verify_reference = Path(run.read_config()["verify_reference"])
    ctx_static = static_check if static_check is not None else _default_static_check(vcfg, verify_reference)

    if resume is not None:
        _set_aside_damaged_checkpoints(run)
    rl = recursion_limit(cfg.max_attempts)
    lg_config = {"configurable": {"thread_id": thread}, "recursion_limit": rl}
    saver, conn = _checkpointer(run)
    try:
        from langgraph.errors import GraphRecursionError  # langgraph: loaded only when a repair runs

        from kagent.repair.graph import build

        graph = build(checkpointer=saver)
        finished_state: RepairState | None = None
        if initial is None:
            snap = _saved_state(graph, lg_config)
            if snap is None:  # killed before the first checkpoint: start again from the saved config
                initial = fresh_state
                run.log("resume", at=["start"], step=0, attempts=0,
                        reason="no checkpoint was saved before the run stopped: starting from its config")
            else:
                values = snap.values
                state = values if isinstance(values, RepairState) else RepairState.model_validate(values)
                ledger = ledger or Ledger(cfg.token_budget, cfg.cost_budget_usd, spent=state.spent)
                if snap.next:
                    run.log("resume", at=list(snap.next), step=state.step, attempts=state.attempts)
                else:
                    finished_state = state
        ledger = ledger or Ledger(cfg.token_budget, cfg.cost_budget_usd)
        ecfg = evidence_config(vcfg)
        ctx = RepairContext(
            config=cfg, run=run, ledger=ledger, verify=verify_fn or _default_verify(vcfg),
            evidence=evidence_fn or (None if verify_fn is not None or ecfg is None else _default_verify(ecfg)),
            confirm=confirm_fn or (None if verify_fn is not None or not cfg.confirm_seed
                                   else _default_verify(confirm_config(vcfg))),
            patterns=patterns,
            candidate_fixes=candidate_fixes, static_check=ctx_static, known_classes=known_classes,
            on_event=on_event, sleep=sleep,
        )
        if finished_state is not None:  # the graph ended but its summary was lost (or unreadable)
            done = run.read_summary()
            if done is None:
                done = summary_of(finished_state, ctx)
                run.write_summary(done)
            return done
        try:
            graph.invoke(initial, lg_config, context=ctx, durability="sync")
        except GraphRecursionError:
            values = graph.get_state(lg_config).values
            state = values if isinstance(values, RepairState) else RepairState.model_validate(values)
            g = recursion_fired(rl)
            run.log("guard", name=g.name, action=g.action, reason=g.reason)
            summary = summary_of(state, ctx, status="unrepaired", guard="recursion_limit", reason=f"recursion_limit: {g.reason}")
            run.write_summary(summary)
            return summary
    finally:
        conn.close()
    summary = run.read_summary()
    if summary is None:
        raise RuntimeError(f"the repair graph ended without a summary in {run.path}")
    return summary
