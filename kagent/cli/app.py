"""The `kagent` command line. Thin: parse flags, call kagent.api, render for humans or --json."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Optional

import typer
from pydantic import ValidationError

from kagent import api, log
from kagent.cli import asm, batch, cache, lower, mcp, patterns, repair
from kagent.cli.render import print_report
from kagent.config import VerifyConfig, validation_message
from kagent.errors import KagentError

app = typer.Typer(
    name="kagent",
    help="Repair near-miss GPU kernels, verified against their reference.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)

EXIT_PASS, EXIT_FAIL, EXIT_INPUT = 0, 1, 2


@app.callback()
def _root() -> None:
    """kagent: verify, repair, batch-repair and lower GPU kernels."""


def _fail_input(message: str, json_out: bool = False, kind: str = "InputError") -> None:
    """Refuse the input: one line on stderr, exit 2; with --json also a JSON error object on stdout,
    so tools read every outcome from stdout."""
    typer.echo(f"kagent: error: {message}", err=True)
    if json_out:
        sys.stdout.write(json.dumps({"verdict": "error", "error": kind, "message": message, "exit_code": EXIT_INPUT}) + "\n")
    raise typer.Exit(EXIT_INPUT)


@app.command()
def verify(
    candidate: Path = typer.Argument(..., help="candidate file (class ModelNew; may also hold Model)"),
    reference: Optional[Path] = typer.Option(None, "--reference", "-r", help="reference problem file (class Model)"),
    device: str = typer.Option("auto", "--device", help="auto | cpu | cuda"),
    json_out: bool = typer.Option(False, "--json", help="print the report as JSON, nothing else"),
    seeds: Optional[int] = typer.Option(None, help="seeded trials of the problem's inputs"),
    no_shapes: bool = typer.Option(False, "--no-shapes", help="skip boundary-shape cases"),
    no_stress: bool = typer.Option(False, "--no-stress", help="skip value-stress cases"),
    check: list[str] = typer.Option([], "--check", help="extra checks: batch-invariance, determinism (bitwise)"),
    anticheat_profile: str = typer.Option("default", "--anticheat", help="strict | default | lenient"),
    sanitize: bool = typer.Option(False, "--sanitize", help="run under compute-sanitizer memcheck (CUDA)"),
    no_bounds_check: bool = typer.Option(False, "--no-bounds-check",
                                         help="skip the Triton interpreter's address check (CPU)"),
    timeout: Optional[float] = typer.Option(None, "--timeout", help="seconds a worker may go without finishing a case"),
    copy_weights: bool = typer.Option(False, "--copy-weights", help="load Model's parameters into ModelNew where names "
                                      "and shapes agree (default: both built under one seed, as KernelBench does)"),
    seed: Optional[int] = typer.Option(None, "--seed", help="base seed of the inputs (default: fresh each run; "
                                       "the report gives it, pass it back to replay a run)"),
    require_sandbox: bool = typer.Option(False, "--require-sandbox",
                                         help="refuse to run the candidate where no OS sandbox (bwrap/unshare) works"),
    verbose: bool = typer.Option(False, "--verbose", "-v"),
) -> None:
    """Differential verification and anti-cheat. Exit 0 pass, 1 fail or cheat, 2 bad input or not run
    here (a CUDA-only candidate without CUDA)."""
    log.configure(verbose)
    unknown = [c for c in check if c not in ("batch-invariance", "determinism")]
    if unknown:
        _fail_input(f"unknown --check {', '.join(unknown)} (known: batch-invariance, determinism)", json_out)
    updates = {
        "device": device,
        "shapes": not no_shapes,
        "stress": not no_stress,
        "batch_invariance": "batch-invariance" in check,
        "strict_determinism": "determinism" in check,
        "anticheat_profile": anticheat_profile,
        "sanitize": sanitize,
        "bounds_check": not no_bounds_check,
        "weights": "copy" if copy_weights else "seeded",
        "require_sandbox": require_sandbox,
    }
    if seeds is not None:
        updates["seeds"] = seeds
    if seed is not None:
        updates["seed"] = seed
    if timeout is not None:
        updates["timeout_s"] = timeout
    try:
        config = VerifyConfig(**updates)
    except ValidationError as e:
        _fail_input(validation_message(e), json_out)
    try:
        report = api.verify(candidate, reference, config)
    except KagentError as e:  # bad input, a failing reference, a missing toolchain
        _fail_input(str(e), json_out, kind=type(e).__name__)
    if json_out:
        sys.stdout.write(report.model_dump_json(indent=2) + "\n")
    else:
        print_report(report)
    if report.verdict == "not_run":  # cannot be judged here (needs CUDA): not a verdict on the kernel
        typer.echo(f"kagent: {report.summary}", err=True)
        raise typer.Exit(EXIT_INPUT)
    raise typer.Exit(EXIT_PASS if report.verdict == "pass" else EXIT_FAIL)


def _mount_commands() -> None:
    """The commands that live in their own modules."""
    app.add_typer(patterns.app, name="patterns")
    for command in (repair.repair, batch.batch, lower.lower, asm.asm, mcp.mcp, cache.cache):
        app.command(name=command.__name__)(command)


def main() -> None:
    _mount_commands()
    app()


if __name__ == "__main__":
    main()
