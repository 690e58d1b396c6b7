"""`kagent repair`: the typer command function, mounted by kagent.cli.app.

Live progress goes to stderr (rich); stdout gets the final summary and diff, or with --json only
the RepairSummary. Exit 0 repaired or already correct, 1 otherwise, 2 bad input.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Optional

import typer
from rich.console import Console

from kagent import api, log
from kagent.errors import InputError, ReferenceFailed

EXIT_OK, EXIT_FAIL, EXIT_INPUT, EXIT_INTERRUPTED = 0, 1, 2, 130


def _progress(console: Any) -> Any:
    from rich.text import Text

    seen: dict[str, Any] = {}

    def on_event(event: str, data: dict[str, Any]) -> None:
        if event == "ingest":
            seen["run_dir"] = data.get("run_dir")
            console.print(Text.assemble(("run ", "bold"), f"{data.get('run_dir')}  model={data.get('model')}"))
        elif event == "verify":
            colour = {"pass": "green", "cheat": "magenta"}.get(data["verdict"], "red")
            console.print(Text.assemble(f"  #{data['index']:<3} ", (f"{data['verdict']:<5}", colour), " ", data["summary"][:160]))
        elif event == "triage":
            console.print(Text.assemble("  triage: ", (data["route"], "bold"), f" ({data['reason'][:160]})"))
        elif event == "candidate":
            console.print(f"  #{data['index']:<3} try {data['origin'][:160]}", markup=False)
        elif event == "llm_answer":
            console.print(f"  llm: {data['prompt_tokens']}+{data['completion_tokens']} tokens -> {data['outcome']}", markup=False)
        elif event in ("guard", "rejected"):
            console.print(Text.assemble("  ", (event, "yellow"), f" {data.get('name') or data.get('guard')}: {str(data.get('reason'))[:160]}"))

    on_event.seen = seen  # type: ignore[attr-defined]
    return on_event


def repair(
    candidate: Optional[Path] = typer.Argument(None, help="candidate kernel file (class ModelNew; may hold Model)"),
    reference: Optional[Path] = typer.Option(None, "--reference", "-r", help="reference problem file (class Model)"),
    model: Optional[str] = typer.Option(
        None, "--model", "-m", help="litellm model, 'offline' (pattern engine), replay:TRAJECTORY or script:FILE; default $KAGENT_MODEL or offline"
    ),
    token_budget: Optional[int] = typer.Option(None, "--token-budget", help=(
        "LLM tokens (prompt + answer) the repair may use. A call is made only when its worst case fits: its "
        "max_tokens answer plus a bound on the prompt as the provider may count it (one token per byte until "
        "the provider has reported usage). Not exceeded unless a provider bills beyond those bounds; then no "
        "further call is made. See docs/repair.md")),
    max_attempts: Optional[int] = typer.Option(None, "--max-attempts", help="debug steps per run"),
    timeout: Optional[float] = typer.Option(None, "--timeout", help="wall-time limit of the run, seconds"),
    resume: Optional[Path] = typer.Option(None, "--resume", help="continue the run in RUN_DIR"),
    json_out: bool = typer.Option(False, "--json", help="print only the summary as JSON"),
    device: str = typer.Option("auto", "--device", help="auto | cpu | cuda"),
    runs_dir: Path = typer.Option(Path("runs"), "--runs-dir", help="where run directories go"),
    verbose: bool = typer.Option(False, "--verbose", "-v"),
) -> None:
    """Repair a near-miss kernel: verify, triage, patch, guard, verify again. Writes runs/<id>/."""
    log.configure(verbose)
    err = Console(stderr=True, soft_wrap=True)
    if candidate is None and resume is None:
        typer.echo("kagent: error: give a CANDIDATE file or --resume RUN_DIR", err=True)
        raise typer.Exit(EXIT_INPUT)
    progress = None if json_out else _progress(err)
    try:
        summary = api.repair(
            candidate, reference, model=model, token_budget=token_budget, max_attempts=max_attempts,
            timeout_s=timeout, device=None if device == "auto" else device, runs_dir=runs_dir, resume=resume,
            on_event=progress,
        )
    except (InputError, FileNotFoundError) as exc:
        typer.echo(f"kagent: error: {exc}", err=True)
        raise typer.Exit(EXIT_INPUT) from exc
    except ReferenceFailed as exc:
        typer.echo(f"kagent: error: the reference itself fails: {exc}", err=True)
        raise typer.Exit(EXIT_INPUT) from exc
    except KeyboardInterrupt:
        where = (progress.seen.get("run_dir") if progress else None) or resume or "the run directory"
        typer.echo(f"kagent: interrupted; continue with: kagent repair --resume {where}", err=True)
        raise typer.Exit(EXIT_INTERRUPTED) from None
    if json_out:
        typer.echo(json.dumps(summary.model_dump(mode="json")))
    else:
        _print_summary(summary)
    raise typer.Exit(EXIT_OK if summary.status in ("repaired", "already_correct") else EXIT_FAIL)


def _print_summary(summary: Any) -> None:
    from rich.console import Console
    from rich.text import Text

    out = Console(soft_wrap=True)  # whole lines: paths and diffs stay copy-pasteable
    if summary.repaired_path:
        diff = (Path(summary.run_dir) / "candidates" / str(summary.best_index) / "diff.patch").read_text()
        for line in diff.splitlines():
            style = "bold" if line.startswith(("---", "+++")) else "green" if line.startswith("+") else (
                "red" if line.startswith("-") else "cyan" if line.startswith("@@") else "")
            out.print(Text(line, style=style))
    colour = "green" if summary.status in ("repaired", "already_correct") else "red"
    out.print(Text.assemble((summary.status, f"bold {colour}"), ": ", summary.reason))
    if summary.guard:
        out.print(f"guard: {summary.guard}", markup=False)
    out.print(f"attempts {summary.attempts}, tokens {summary.tokens}, cost ${summary.cost:.4f}, {summary.seconds:.1f} s",
              markup=False)
    if summary.repaired_path:
        out.print(f"repaired kernel: {summary.repaired_path}", markup=False)
    out.print(f"run: {summary.run_dir}", markup=False)
