"""How far the search's second tier reaches on a blind set: for each near-miss, is its fixed twin one
rewrite away (patterns/operators/grammar.py), and how many rewrites of the file come before it?

    python benchmarks/rewrite_reach.py benchmarks/blind/nearmiss9/manifest.yaml [...more manifests]

Nothing runs: the twin is matched by its syntax tree (a rewrite that is right but written otherwise,
`1 + e` for `e + 1`, is not counted: the figure is a floor). Every line of the kernels and host
functions is a site of equal suspicion here, so the rank is an upper bound on what localization gives.
"""

from __future__ import annotations

import argparse
import ast
from pathlib import Path

import yaml

from kagent.patterns.operators.base import Src
from kagent.patterns.operators.grammar import grammar_edits


def _tree(source: str) -> str:
    return ast.dump(ast.parse(source))


def reach(near: str, fixed: str) -> tuple[int, int | None, str]:
    """(rewrites of the file, the twin's rank among them or None, the kind that makes it)."""
    src = Src(near)
    sites = [(i + 1, 1.0) for i in range(len(src.lines)) if src.scope_of(i) in ("kernel", "host")]
    edits = grammar_edits(near, sites, max_lines=len(sites), limit=10**6)
    want = _tree(fixed)
    for i, (_p, e, new) in enumerate(edits):
        if _tree(new) == want:
            return len(edits), i, e.operator.removeprefix("grammar_")
    return len(edits), None, ""


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("manifests", nargs="+", type=Path)
    args = ap.parse_args()
    for manifest in args.manifests:
        entries = [e for e in yaml.safe_load(manifest.read_text()) if e.get("backend", "triton") == "triton"]
        hits = 0
        for e in entries:
            n, rank, kind = reach((manifest.parent / e["path"]).read_text(), (manifest.parent / e["fixed"]).read_text())
            hits += rank is not None
            print(f"{e['path']:<44} {n:>6} rewrites  " + (f"twin at {rank} ({kind})" if rank is not None else "-"))
        print(f"{manifest.parent.name}: {hits} of {len(entries)} twins one rewrite away\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
