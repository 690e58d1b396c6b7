"""`kagent batch`: the typer command function, mounted by kagent.cli.app.

While it runs: a progress bar and a table of finished kernels on stderr (rich). At the end:
the summary table on stdout, or with --json only the BatchSummary. Exit 0 when every kernel has a
status, 2 bad input, 130 interrupted (rerun the same command to resume).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Optional

import typer
from rich.console import Console

from kagent import api, log
from kagent.errors import InputError

EXIT_OK, EXIT_FAIL, EXIT_INPUT, EXIT_INTERRUPTED = 0, 1, 2, 130

STYLE = {"repaired": "green", "already_correct": "green", "cheat": "magenta", "unrepaired": "yellow", "error": "red"}


class LiveView:
    """Progress bar + the last finished kernels, redrawn on stderr as events arrive."""

    def __init__(self, console: Any, rows: int = 12) -> None:
        from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

        self.console = console
        self.rows = rows
        self.progress = Progress(TextColumn("[bold]batch"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
                                 TextColumn("{task.fields[note]}"), console=console)
        self.task = self.progress.add_task("batch", total=None, note="")
        self.finished: list[Any] = []
        self.running: dict[str, str] = {}
        self.live: Any = None

    def _render(self) -> Any:
        from rich.console import Group

        return Group(self.progress, results_table(self.finished[-self.rows:], title="finished (latest)"))

    def __enter__(self) -> LiveView:
        from rich.live import Live

        self.live = Live(self._render(), console=self.console, refresh_per_second=4, transient=False)
        self.live.__enter__()
        return self

    def __exit__(self, *exc: Any) -> None:
        self.live.__exit__(*exc)

    def __call__(self, event: str, data: dict[str, Any]) -> None:
        if event == "plan":
            self.finished = [r for r in data["results"] if r is not None]
            self.progress.update(self.task, total=data["kernels"], completed=data["done"],
                                 note=f"resumed in {data['batch_dir']}" if data["resumed"] else data["batch_dir"])
        elif event == "start":
            self.running[data["id"]] = data["worker"]
            self.progress.update(self.task, note="running: " + ", ".join(list(self.running)[:4]))
        elif event == "done":
            r = data["result"]
            self.running.pop(r.id, None)
            self.finished.append(r)
            self.progress.update(self.task, advance=1, note="running: " + ", ".join(list(self.running)[:4]))
        self.live.update(self._render())


def results_table(results: list[Any], title: str | None = None) -> Any:
    from rich.table import Table

    t = Table(title=title, show_lines=False, expand=False)
    for col, kw in (("kernel", {}), ("status", {}), ("tokens", {"justify": "right"}), ("attempts", {"justify": "right"}),
                    ("reason", {"overflow": "fold", "max_width": 70})):
        t.add_column(col, **kw)
    for r in results:
        t.add_row(r.id, f"[{STYLE[r.status]}]{r.status}[/]", str(r.tokens), str(r.attempts), r.reason[:200])
    return t


def batch(
    inputs: list[str] = typer.Argument(..., help="directories, globs or JSONL manifests of kernels"),
    token_budget: int = typer.Option(..., "--token-budget", help=(
        "LLM tokens (prompt + answer) shared by the whole batch. A call is made only when its worst case fits: "
        "its max_tokens answer plus a bound on the prompt as the provider may count it (one token per byte until "
        "the provider has reported usage). Not exceeded unless a provider bills beyond those bounds; then no "
        "further call is made. See docs/batch.md")),
    cost_budget: Optional[float] = typer.Option(None, "--cost-budget", help="shared dollar budget"),
    jobs: int = typer.Option(1, "--jobs", "-j", help="kernels repaired at once"),
    executor: str = typer.Option("local", "--executor", help="local | ray"),
    ray_address: Optional[str] = typer.Option(None, "--ray-address", help="Ray cluster address (default: start a local one)"),
    model: Optional[str] = typer.Option(None, "--model", "-m", help="litellm model, 'offline', script:FILE; default $KAGENT_MODEL or offline"),
    out: Optional[Path] = typer.Option(None, "--out", help="batch directory (default runs/batch-<fingerprint>)"),
    reference_dir: Optional[Path] = typer.Option(None, "--reference-dir", help="where problem files for directory/glob inputs are"),
    max_attempts: Optional[int] = typer.Option(None, "--max-attempts", help="debug steps per kernel"),
    kernel_timeout: Optional[float] = typer.Option(None, "--kernel-timeout", help="wall-time limit of one kernel, seconds"),
    device: str = typer.Option("auto", "--device", help="auto | cpu | cuda"),
    gpus: Optional[str] = typer.Option(None, "--gpus", help=(
        "local executor on CUDA: all | N | 0,2,5 (positions among the visible GPUs); each worker is pinned to one, "
        "spread evenly, one kernel timing per GPU at a time (default all)")),
    gpu_retire_after: Optional[int] = typer.Option(None, "--gpu-retire-after", help=(
        "take a GPU out of the rotation after this many failed health probes in a row (default 3)")),
    seeds: Optional[int] = typer.Option(None, "--seeds", help="verify: seeded trials"),
    no_stress: bool = typer.Option(False, "--no-stress", help="verify: skip value-stress cases"),
    shape_cases: Optional[int] = typer.Option(None, "--shape-cases", help="verify: at most this many boundary shapes"),
    verify_timeout: Optional[float] = typer.Option(None, "--verify-timeout", help="verify: seconds one worker may run"),
    patterns_dir: Optional[Path] = typer.Option(None, "--patterns-dir", help="pattern store directory"),
    floor_tokens: Optional[int] = typer.Option(None, "--floor-tokens",
                                               help="tokens kept back per kernel that may still call the LLM (default 1024)"),
    crash_retries: Optional[int] = typer.Option(None, "--crash-retries",
                                                help="on a rerun, start a kernel whose worker crashed (e.g. "
                                                     "SIGKILLed by the OOM killer) again, at most this often (default 2)"),
    json_out: bool = typer.Option(False, "--json", help="print only the batch summary as JSON"),
    runner: Optional[str] = typer.Option(None, "--runner", hidden=True, help="module:function repairing one kernel (tests)"),
    verbose: bool = typer.Option(False, "--verbose", "-v"),
) -> None:
    """Repair many kernels under one shared token budget, in parallel; rerun to resume."""
    log.configure(verbose)
    err = Console(stderr=True, soft_wrap=True)
    try:
        options = api.batch_options(
            token_budget=token_budget, cost_budget_usd=cost_budget, jobs=jobs, executor=executor,
            ray_address=ray_address, model=model, max_attempts=max_attempts, kernel_timeout_s=kernel_timeout,
            device=device, runner=runner, patterns_dir=str(patterns_dir) if patterns_dir else None,
            floor_tokens=floor_tokens, crash_retries=crash_retries, gpus=gpus, gpu_retire_after=gpu_retire_after,
            verify={k: v for k, v in (("seeds", seeds), ("stress", False if no_stress else None),
                                      ("max_shape_cases", shape_cases), ("timeout_s", verify_timeout)) if v is not None},
        )
    except (InputError, ValueError) as exc:
        typer.echo(f"kagent: error: {str(exc).splitlines()[0]}", err=True)
        raise typer.Exit(EXIT_INPUT) from exc
    try:
        if json_out:
            summary = api.batch(inputs, token_budget=token_budget, options=options, out=out, reference_dir=reference_dir)
        else:
            with LiveView(err) as view:
                summary = api.batch(inputs, token_budget=token_budget, options=options, out=out,
                                       reference_dir=reference_dir, on_event=view)
    except (InputError, FileNotFoundError) as exc:
        typer.echo(f"kagent: error: {exc}", err=True)
        raise typer.Exit(EXIT_INPUT) from exc
    except KeyboardInterrupt:
        typer.echo("kagent: batch interrupted; finished kernels and the ledger are kept: rerun the same command to resume",
                   err=True)
        raise typer.Exit(EXIT_INTERRUPTED) from None
    if json_out:
        typer.echo(json.dumps(summary.model_dump(mode="json")))
    else:
        _print_summary(summary)
    raise typer.Exit(EXIT_OK if summary.complete else EXIT_FAIL)


def _print_summary(summary: Any) -> None:
    from rich.console import Console

    out = Console(soft_wrap=True)
    out.print(results_table(summary.kernels, title="kagent batch"))
    counts = ", ".join(f"{k} {v}" for k, v in summary.counts.items() if v)
    in_flight = f" ({summary.tokens_in_flight} charged for calls in flight when a worker was killed)" \
        if summary.tokens_in_flight else ""
    runs = (f" over {len(summary.invocations)} runs ({summary.resumes} resumed; this one "
            f"{summary.invocation_seconds:.1f} s)") if summary.resumes else ""
    retried = sum(1 for k in summary.kernels if k.retries)
    if summary.gpus:
        out.print("GPUs: " + "; ".join(
            f"{g.gpu}: {g.kernels} kernels, busy {g.utilisation:.0%}" + (" (RETIRED: " + (g.retired_reason or "") + ")"
                                                                       if g.retired else "")
            for g in summary.gpus), markup=False)
    out.print(f"{counts}; tokens {summary.tokens_spent} of {summary.token_budget}{in_flight}; "
              f"{summary.llm_calls} LLM calls; {summary.seconds:.1f} s{runs}"
              + (f"; {retried} kernels retried after a worker crash" if retried else ""), markup=False)
    out.print(f"report: {Path(summary.batch_dir) / 'report.html'}", markup=False)
