"""`kagent patterns ...`: the repair-pattern library from the command line (mounted by kagent.cli.app).

Exit codes: 0 ok, 1 not found, 2 bad input (invalid pattern file, unknown option value).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Optional

import typer

from kagent import api, log
from kagent.errors import InputError

app = typer.Typer(name="patterns", help="The repair-pattern library and its Chroma store.",
                  no_args_is_help=True, add_completion=False, pretty_exceptions_enable=False)

_STATE: dict[str, Any] = {}


@app.callback()
def _options(
    store: Optional[Path] = typer.Option(None, "--store", help="store directory (default: KAGENT_PATTERNS_DIR "
                                         "or the user data dir)"),
    chroma_url: Optional[str] = typer.Option(None, "--chroma-url", help="use a Chroma server, e.g. http://host:8000"),
    embedding: str = typer.Option("hashed", "--embedding", help="hashed | minilm"),
    verbose: bool = typer.Option(False, "--verbose", "-v"),
) -> None:
    """Options shared by every patterns command."""
    log.configure(verbose)
    _STATE.update(store=store, chroma_url=chroma_url, embedding=embedding)


def _open() -> Any:
    try:
        return api.open_patterns(_STATE.get("store"), chroma_url=_STATE.get("chroma_url"),
                                 embedding=_STATE.get("embedding", "hashed"))
    except InputError as exc:
        _die(str(exc), 2)


def _die(message: str, code: int) -> None:
    typer.echo(f"kagent patterns: error: {message}", err=True)
    raise typer.Exit(code)


def _record(pattern: Any, score: float | None = None) -> dict[str, Any]:
    rec: dict[str, Any] = {
        "id": pattern.id,
        "title": pattern.title,
        "backends": list(pattern.backends),
        "failure_classes": list(pattern.symptoms.failure_classes),
        "has_fix": pattern.fix is not None,
    }
    if score is not None:
        rec["score"] = score
    return rec


def _table(records: list[dict[str, Any]], with_score: bool) -> None:
    from rich.console import Console
    from rich.table import Table

    table = Table(show_lines=False)
    columns = ["id", "backends", "fix", "title"] + (["score"] if with_score else [])
    for col in columns:
        table.add_column(col)
    for r in records:
        row = [r["id"], ",".join(r["backends"]), "yes" if r["has_fix"] else "", r["title"]]
        if with_score:
            row.append(f"{r['score']:.3f}")
        table.add_row(*row)
    Console(width=160).print(table)


@app.command("list")
def list_(
    backend: Optional[str] = typer.Option(None, "--backend", help="triton | cuda | ptx | amdgpu"),
    json_out: bool = typer.Option(False, "--json", help="print JSON records only"),
) -> None:
    """List the patterns."""
    store = _open()
    records = [_record(p) for p in store.all() if backend is None or backend in p.backends]
    if json_out:
        typer.echo(json.dumps(records, indent=1))
    else:
        _table(records, with_score=False)


@app.command()
def search(
    text: str = typer.Argument(..., help="free text: an error message, a symptom, a kernel excerpt"),
    k: int = typer.Option(5, "-k", min=1, help="how many results"),
    backend: Optional[str] = typer.Option(None, "--backend"),
    json_out: bool = typer.Option(False, "--json", help="print JSON records only"),
) -> None:
    """Similarity search over the patterns."""
    store = _open()
    records = [_record(h.pattern, h.score) for h in store.search(text, k=k, backend=backend)]
    if json_out:
        typer.echo(json.dumps(records, indent=1))
    else:
        _table(records, with_score=True)


@app.command()
def show(pattern_id: str = typer.Argument(...), json_out: bool = typer.Option(False, "--json")) -> None:
    """Show one pattern in full (as YAML, or JSON with --json)."""
    store = _open()
    try:
        pattern = store.get(pattern_id)
    except KeyError as exc:
        _die(str(exc.args[0]), 1)
    typer.echo(pattern.model_dump_json(indent=1) if json_out else api.pattern_yaml(pattern))


@app.command()
def add(file: Path = typer.Argument(..., help="a pattern file (.yaml or .md with front matter)"),
        replace: bool = typer.Option(False, "--replace", help="replace a pattern with the same id")) -> None:
    """Validate a pattern file and add it to the store."""
    store = _open()
    try:
        pattern = store.add_file(file, replace=replace)
    except InputError as exc:
        _die(str(exc), 2)
    typer.echo(f"added {pattern.id}")


@app.command("export")
def export_(path: Path = typer.Argument(..., help="directory to write YAML files into"),
            learned_only: bool = typer.Option(False, "--learned-only")) -> None:
    """Export patterns (with outcome counts) as YAML files."""
    store = _open()
    n = store.export(path, only="learned" if learned_only else "all")
    typer.echo(f"exported {n} patterns to {path}")


@app.command("import")
def import_(path: Path = typer.Argument(..., help="a pattern file or a directory of them"),
            replace: bool = typer.Option(False, "--replace")) -> None:
    """Import pattern files into the store (seed patterns are never overwritten)."""
    store = _open()
    try:
        added = store.import_(path, replace=replace)
    except InputError as exc:
        _die(str(exc), 2)
    typer.echo(f"imported {len(added)} patterns")


@app.command()
def rebuild() -> None:
    """Rebuild the Chroma index from the pattern files."""
    store = _open()
    store.rebuild()
    typer.echo(f"rebuilt index of {len(store)} patterns at {store.path}")
