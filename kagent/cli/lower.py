"""`kagent lower CAND --to ptx`: the typer command function the main CLI mounts as `lower`.

Exit codes: 0 every kernel lowered and accepted by ptxas and the structural checks, each kernel's
equivalence "equivalent" or not run (no CUDA here, or a specialisation the test inputs never launch),
and on CUDA the differential test equivalent and `kagent verify` passing the PTX-backed candidate;
1 anything else (a failed lowering or check, "not_equivalent", "error", a failing verify); 2 bad input.
A face over kagent.api.lower.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Optional

import typer

from kagent import api
from kagent.errors import KagentError


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
    try:
        report = api.lower(candidate, reference, arch=arch, out_dir=out, model=model, rounds=rounds,
                           passes=not no_passes, device=device, token_budget=token_budget, verify_lowered=verify)
    except KagentError as e:  # bad input or a missing toolchain
        typer.echo(f"error: {e}", err=True)
        raise typer.Exit(2)
    if as_json:
        sys.stdout.write(report.model_dump_json(indent=1) + "\n")
    else:
        _print_human(report)
    if report.message.startswith("capture error") and "no class ModelNew" in report.message:
        raise typer.Exit(2)
    raise typer.Exit(exit_code(report))


def exit_code(report) -> int:
    return 1 if api.lowering_failures(report) else 0


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
    for why in api.lowering_failures(report):
        con.print(f"[red]fail[/red]: {why}")
