"""Rich rendering of reports for humans (stderr stays free for logs; this prints to stdout)."""

from __future__ import annotations

from rich.console import Console
from rich.table import Table

from kagent.report import VerifyReport

_STYLE = {"pass": "bold green", "fail": "bold red", "cheat": "bold magenta", "error": "bold yellow", "not_run": "bold yellow"}


def print_report(report: VerifyReport, console: Console | None = None) -> None:
    console = console or Console()
    console.print(f"[{_STYLE[report.verdict]}]{report.verdict.upper()}[/] {report.summary}")
    console.print(f"candidate {report.candidate}\nreference {report.reference}\ndevice {report.device}, "
                  f"{len(report.cases)} cases, {report.seconds:.1f} s" + (f", seed {report.seed}" if report.seed is not None else ""))
    if report.sandbox == "none":
        console.print("[bold red]sandbox: none[/] [bold](the candidate ran with your files, processes and network in reach)[/]")
    else:
        console.print(f"sandbox: {report.sandbox}")
    if report.findings:
        table = Table(show_header=True, header_style="bold")
        for col in ("case", "check", "class", "finding"):
            table.add_column(col, overflow="fold")
        for f in report.findings[:40]:
            table.add_row(f.case or "-", f.check, f.failure_class or "-", f.message)
        if len(report.findings) > 40:
            table.add_row("...", "", "", f"{len(report.findings) - 40} more findings (see --json)")
        console.print(table)
    t = report.timing
    if t.status == "measured":
        console.print(f"timing: reference {t.reference_ms:.4f} ms, candidate {t.candidate_ms:.4f} ms, "
                      f"speedup {t.speedup:.2f}x (spread {t.candidate_spread:.1%}, {t.runs} runs)")
    else:
        console.print(f"timing: not measured ({t.reason})")
    for n in report.checks_not_run:
        console.print(f"[dim]not run: {n.check}: {n.reason}[/]")
