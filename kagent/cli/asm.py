"""`kagent asm CODE_OBJECT`: AMDGPU code object -> reassemblable .s -> (edit) -> rebuilt object.

Exit 0: the round trip is identical and, when an edit was given, it passed every gate that can
run here (its hardware verdict is still "not run: needs an AMD GPU"); 1: round trip not identical
or edit rejected; 2: bad input or a missing toolchain.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Optional

import typer

from kagent import api, log
from kagent.errors import KagentError

EXIT_OK, EXIT_FAIL, EXIT_INPUT = 0, 1, 2


def asm(
    code_object: Path = typer.Argument(..., help="AMDGPU code object (.hsaco / .co, HSA code object v4-v6)"),
    mcpu: Optional[str] = typer.Option(None, "--mcpu", help="expected processor, e.g. gfx942 (default: from the ELF)"),
    edit: Optional[Path] = typer.Option(None, "--edit", help="patch: search/replace blocks, unified diff, or a whole .s"),
    model: Optional[str] = typer.Option(None, "--model", help="let this LLM (litellm name) propose an edit"),
    rewrite: Optional[str] = typer.Option(None, "--rewrite", help="apply kagent's rewrite pass: merge_waitcnt"),
    kernel: Optional[str] = typer.Option(None, "--kernel", help="the kernel to edit (--model / --rewrite)"),
    goal: str = typer.Option("make the kernel faster without changing its results", "--goal", help="what --model should aim for"),
    out: Optional[Path] = typer.Option(None, "--out", help="output folder (default: CODE_OBJECT.kagent-asm next to it)"),
    json_out: bool = typer.Option(False, "--json", help="print the report as JSON, nothing else"),
    timeout: float = typer.Option(60.0, "--timeout", help="seconds each llvm-mc / ld.lld / llvm-objdump call may run"),
    verbose: bool = typer.Option(False, "--verbose", "-v"),
) -> None:
    """Disassemble to reassemblable assembly, check the no-edit round trip, apply and ABI-check an edit."""
    log.configure(verbose)
    try:
        report = api.asm(code_object, mcpu=mcpu, edit=edit, model=model, rewrite=rewrite, kernel=kernel, goal=goal,
                         out_dir=out, timeout_s=timeout)
    except KagentError as e:  # bad input or a missing toolchain
        typer.echo(f"kagent: error: {e}", err=True)
        raise typer.Exit(EXIT_INPUT)
    if json_out:
        sys.stdout.write(report.model_dump_json(indent=2) + "\n")
    else:
        _print(report)
    ok = report.verdict in ("round_trip_ok", "edit_unverified", "edit_verified")
    raise typer.Exit(EXIT_OK if ok else EXIT_FAIL)


def _print(report) -> None:  # type: ignore[no-untyped-def]
    from rich.console import Console
    from rich.table import Table

    con = Console()
    con.print(f"[bold]{report.code_object}[/bold]  {report.target_id}  verdict: [bold]{report.verdict}[/bold]")
    table = Table("kernel", "round trip", ".text", "descriptor", "ABI findings", "hardware")
    for k in report.kernels:
        table.add_row(k.kernel, k.round_trip, "identical" if k.text_identical else "differs",
                      "identical" if k.descriptor_identical else f"differs {k.descriptor_diff}",
                      str(len(k.abi_findings)), k.hardware.reason)
    con.print(table)
    if report.edit.status != "not_requested":
        e = report.edit
        con.print(f"edit ({e.source}): [bold]{e.status}[/bold]" + (f" at gate {e.gate}" if e.gate else "")
                  + f"; gates passed: {', '.join(e.gates_passed) or '-'}")
        con.print(f"  {e.message}", markup=False)
        for d in e.diagnostics[:5]:
            con.print(f"  line {d.line}:{d.column}: {d.severity}: {d.message}  [{(d.source_line or '').strip()}]", markup=False)
        for f in e.findings[:10]:
            con.print(f"  {f.severity} {f.check} ({f.case}): {f.message}", markup=False)
    con.print(f"timing: {report.timing}")
    for name, path in report.files.items():
        con.print(f"{name}: {path}", markup=False)
    con.print(report.summary, markup=False)
