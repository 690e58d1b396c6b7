"""`kagent cache [show|prune|clear]`: the reference cache's size and entries (mounted by kagent.cli.app).

Exit codes: 0 ok, 2 bad input.
"""

from __future__ import annotations

import datetime as dt
import sys

import typer

from kagent import api
from kagent.errors import InputError


def _mb(n: int) -> str:
    return f"{n / 2**20:.1f} MB"


def cache(
    action: str = typer.Argument("show", help="show | prune (to the size limit) | clear"),
    everything: bool = typer.Option(False, "--all", help="clear: kagent's Triton and extension caches too"),
    limit_mb: int = typer.Option(None, "--limit-mb", help="size limit (default: KAGENT_CACHE_LIMIT_MB or 2048)"),
    json_out: bool = typer.Option(False, "--json", help="print the cache info as JSON, nothing else"),
) -> None:
    """Show, prune or clear kagent's reference cache (least recently used entries go first)."""
    try:
        info = api.cache(action, everything=everything, limit_mb=limit_mb)
    except InputError as exc:
        typer.echo(f"kagent: error: {exc}", err=True)
        raise typer.Exit(2)
    if json_out:
        sys.stdout.write(info.model_dump_json(indent=2) + "\n")
        return
    typer.echo(f"{info.root}")
    typer.echo(f"reference cache: {_mb(info.reference_bytes)} in {len(info.entries)} entries "
               f"(limit {_mb(info.limit_bytes)})" + (f"; removed {info.removed}" if action != "show" else ""))
    for e in info.entries[:20]:
        when = dt.datetime.fromtimestamp(e.last_used).strftime("%Y-%m-%d %H:%M")
        typer.echo(f"  {e.key}  {_mb(e.bytes):>10}  last used {when}" + ("" if e.complete else "  (being filled)"))
    if len(info.entries) > 20:
        typer.echo(f"  ... {len(info.entries) - 20} more")
    for name, size in info.other_bytes.items():
        typer.echo(f"{name}: {_mb(size)}")
