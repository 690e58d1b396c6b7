"""`kagent mcp`: the typer command function, mounted by kagent.cli.app."""

from __future__ import annotations

from pathlib import Path
from typing import Optional

import typer


def mcp(
    patterns_dir: Optional[Path] = typer.Option(None, "--patterns-dir", help="pattern store directory"),
    verbose: bool = typer.Option(False, "--verbose", "-v", help="debug logging (on stderr)"),
) -> None:
    """Serve kagent over MCP (stdio): verify_kernel, check_cheats, repair_kernel, search_patterns, add_pattern."""
    from kagent import log
    from kagent.adapters.mcp_server import serve

    log.configure(verbose)  # stderr only: stdout carries the protocol
    serve(str(patterns_dir) if patterns_dir else None)
