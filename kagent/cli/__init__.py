"""The `kagent` command line: one module per command, each a thin face over kagent.api."""

from __future__ import annotations


def main() -> None:
    from kagent.cli.app import main as run

    run()
