"""The `kagent` command line. Thin: parse flags, call kagent.api, render for humans or --json."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Optional

import typer

from kagent.errors import InputError, KagentError, ReferenceError_

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


def _fail_input(message: str) -> None:
    typer.echo(f"kagent: error: {message}", err=True)
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
    check: list[str] = typer.Option([], "--check", help="extra checks: batch-invariance"),
    anticheat_profile: str = typer.Option("default", "--anticheat", help="strict | default | lenient"),
    sanitize: bool = typer.Option(False, "--sanitize", help="run under compute-sanitizer memcheck (CUDA)"),
    timeout: Optional[float] = typer.Option(None, "--timeout", help="seconds one worker may run"),
    verbose: bool = typer.Option(False, "--verbose", "-v"),
) -> None:
    """Differential verification and anti-cheat. Exit 0 pass, 1 fail or cheat, 2 bad input."""
    from kagent import log
    from kagent.config import VerifyConfig

    log.configure(verbose)
    if device not in ("auto", "cpu", "cuda"):
        _fail_input(f"--device must be auto, cpu or cuda, not {device!r}")
    unknown = [c for c in check if c not in ("batch-invariance",)]
    if unknown:
        _fail_input(f"unknown --check {', '.join(unknown)} (known: batch-invariance)")
    updates = {
        "device": device,
        "shapes": not no_shapes,
        "stress": not no_stress,
        "batch_invariance": "batch-invariance" in check,
        "anticheat_profile": anticheat_profile,
        "sanitize": sanitize,
    }
    if seeds is not None:
        updates["seeds"] = seeds
    if timeout is not None:
        updates["timeout_s"] = timeout
    try:
        config = VerifyConfig(**updates)
    except ValueError as e:
        _fail_input(str(e).splitlines()[0] + ": " + str(e).splitlines()[-1].strip())
    from kagent.api import verify as api_verify

    try:
        report = api_verify(candidate, reference, config)
    except (InputError, ReferenceError_) as e:
        _fail_input(str(e))
    except KagentError as e:
        _fail_input(str(e))
    if json_out:
        sys.stdout.write(report.model_dump_json(indent=2) + "\n")
    else:
        from kagent.render import print_report

        print_report(report)
    raise typer.Exit(EXIT_PASS if report.verdict == "pass" else EXIT_FAIL)


def _mount_optional_commands() -> None:
    """Commands that live in their own modules (each imports its heavy libraries lazily)."""
    import importlib

    for module, kind, name in (
        ("kagent.cli_patterns", "app", "patterns"),
        ("kagent.cli_repair", "command", "repair"),
        ("kagent.cli_batch", "command", "batch"),
        ("kagent.cli_lower", "command", "lower"),
        ("kagent.cli_asm", "command", "asm"),
        ("kagent.cli_mcp", "command", "mcp"),
    ):
        mod = importlib.import_module(module)
        if kind == "app":
            app.add_typer(mod.app, name=name)
        else:
            app.command(name=name)(getattr(mod, name))


def main() -> None:
    _mount_optional_commands()
    app()


if __name__ == "__main__":
    main()
