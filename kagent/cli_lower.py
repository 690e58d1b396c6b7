"""`kagent lower CAND --to ptx`: the typer command function the main CLI mounts as `lower`.

Exit codes: 0 every kernel lowered and accepted by ptxas and the structural checks, each kernel's
equivalence "equivalent" or not run (no CUDA here, or a specialisation the test inputs never launch),
and on CUDA the differential test equivalent and `kagent verify` passing the PTX-backed candidate;
1 anything else (a failed lowering or check, "not_equivalent", "error", a failing verify); 2 bad input.
Layer 6: uses agents.lowering and kagent.api.verify.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Optional

import typer

from kagent.log import get_logger

log = get_logger("cli_lower")


def lower(
    candidate: Path = typer.Argument(..., help="KernelBench candidate with Triton kernels (class ModelNew)"),
    to: str = typer.Option("ptx", "--to", help="lowering target (only 'ptx')"),
    reference: Optional[Path] = typer.Option(None, "--reference", "-r", help="reference problem file"),
    arch: str = typer.Option("sm_90a", "--arch", help="NVIDIA arch to lower for"),
    out: Optional[Path] = typer.Option(None, "--out", help="output folder (default CAND_ptx/ beside CAND)"),
    as_json: bool = typer.Option(False, "--json", help="print the report as JSON on stdout"),
    model: Optional[str] = typer.Option(None, "--model", help="litellm model for PTX edits (none: passes only)"),
    rounds: int = typer.Option(3, "--rounds", help="LLM edit rounds per kernel"),
    token_budget: Optional[int] = typer.Option(None, "--token-budget", min=0,
                                               help="most tokens the model may use in all (never exceeded)"),
    no_passes: bool = typer.Option(False, "--no-passes", help="skip kagent's offline PTX rewrite passes"),
    device: str = typer.Option("auto", "--device", help="auto, cpu or cuda"),
    verify: bool = typer.Option(True, "--verify/--no-verify",
                                help="on CUDA, run kagent verify on the PTX-backed candidate"),
) -> None:
    """Lower a Triton candidate to PTX; verify the PTX; write PTX, cubin, PTX-backed candidate, report."""
    if to != "ptx":
        typer.echo(f"error: --to {to!r} is not supported (only 'ptx')", err=True)
        raise typer.Exit(2)
    if not candidate.is_file():
        typer.echo(f"error: no such file: {candidate}", err=True)
        raise typer.Exit(2)
    if reference is not None and not reference.is_file():
        typer.echo(f"error: no such file: {reference}", err=True)
        raise typer.Exit(2)
    if device not in ("auto", "cpu", "cuda"):
        typer.echo("error: --device must be auto, cpu or cuda", err=True)
        raise typer.Exit(2)
    from kagent.agents.lowering import lower as do_lower
    from kagent.errors import InputError, ToolchainError

    try:
        report = do_lower(candidate, reference, arch=arch, out_dir=out, model=model, rounds=rounds,
                          passes=not no_passes, device=device, token_budget=token_budget)  # type: ignore[arg-type]
    except (ToolchainError, InputError, ValueError) as e:
        typer.echo(f"error: {e}", err=True)
        raise typer.Exit(2)
    if verify and report.device == "cuda" and report.ptx_candidate and report.status == "ok":
        report.verify = _run_verify(Path(report.ptx_candidate), reference or candidate)
        Path(report.out_dir, "report.json").write_text(report.model_dump_json(indent=1))
    if as_json:
        sys.stdout.write(report.model_dump_json(indent=1) + "\n")
    else:
        _print_human(report)
    if report.message.startswith("capture error") and "no class ModelNew" in report.message:
        raise typer.Exit(2)
    raise typer.Exit(exit_code(report))


def failures(report) -> list[str]:
    """Why `kagent lower` fails on this report (empty: it passes)."""
    from kagent.agents.lowering import PASSING_EQUIVALENCE

    out = [] if report.status == "ok" else [f"lowering: {report.message}"]
    for k in report.kernels:
        if k.ptxas != "accepted":
            out.append(f"{k.kernel} ({k.key}): ptxas {k.ptxas}")
        if k.equivalence not in PASSING_EQUIVALENCE:
            out.append(f"{k.kernel} ({k.key}): equivalence {k.equivalence}")
    diff = report.differential
    if diff is not None and diff.status not in ("equivalent", "not_run"):
        out.append(f"differential test: {diff.status}: {diff.reason[:200]}")
    if report.verify is not None and report.verify.get("verdict") != "pass":
        out.append(f"kagent verify of the PTX-backed candidate: {report.verify.get('verdict')}: "
                   f"{str(report.verify.get('summary', ''))[:200]}")
    return out


def exit_code(report) -> int:
    return 1 if failures(report) else 0


def _run_verify(ptx_candidate: Path, reference: Path) -> dict:
    from kagent.api import verify
    from kagent.errors import KagentError

    try:
        rep = verify(str(ptx_candidate), str(reference), device="cuda")
    except KagentError as e:  # the verify could not judge the candidate: a failure of the lowering's proof
        return {"verdict": "error", "summary": f"{type(e).__name__}: {e}"}
    return json.loads(rep.model_dump_json())


def _print_human(report) -> None:
    from rich.console import Console
    from rich.table import Table

    con = Console()
    con.print(f"[bold]kagent lower[/bold] {report.candidate} -> {report.out_dir} ({report.arch}, {report.device})")
    con.print(f"{report.status}: {report.message}")
    t = Table("kernel", "role", "ptxas", "regs", "spills (st/ld)", "smem", "same code as Triton", "equivalence",
              "PTX ms / Triton ms", "edits")
    for k in report.kernels:
        sp = k.speed
        speed = (f"{sp.ptx_ms:.4f}/{sp.triton_ms:.4f} ({sp.ratio:.3f}x)" if sp.status == "measured"
                 and sp.ptx_ms is not None and sp.triton_ms is not None and sp.ratio is not None
                 else f"not measured ({sp.reason})")
        edits = ", ".join(f"{e.name}:{e.outcome}" for e in k.edits) or "-"
        t.add_row(k.kernel, k.role, k.ptxas, str(k.registers), f"{k.spill_stores}/{k.spill_loads}",
                  str(k.shared_bytes), str(k.same_machine_code_as_triton), k.equivalence, speed, edits)
    con.print(t)
    for k in report.kernels:
        for f in k.findings:
            con.print(f"[red]{k.kernel}[/red] {f.check}: {f.message}")
    for f in report.findings:
        con.print(f"[red]{f.check}[/red]: {f.message}")
    if report.ptx_candidate:
        con.print(f"PTX-backed candidate: {report.ptx_candidate}")
    if report.llm is not None:
        budget = f" of {report.token_budget}" if report.token_budget is not None else ""
        con.print(f"model: {report.llm.calls} call(s), {report.llm.tokens}{budget} tokens")
    for why in failures(report):
        con.print(f"[red]fail[/red]: {why}")
