#!/usr/bin/env python3
"""Is the fix in the search space? The offline repair's operators (and every named
transform of the pattern library, as if each pattern were retrieved), applied at every line of each
near-miss of a blind set (every line a site, equal suspicion) and combined in pairs, compared with
the set's fixed twin (by AST, comments and layout ignored).

No kernel runs: this measures the operator catalogue's reach, not the ranking or the screen. An
entry counts as covered when one edit (or one pair of edits) makes its fixed twin's AST; a fix of
another form can still be right, so the figure is a lower bound of what the search can reach.
Use it on a set you develop on; on a blind set it reads the answer key.

Usage: python benchmarks/operator_coverage.py benchmarks/blind/nearmiss3 [--pairs] [--show]
"""

from __future__ import annotations

import argparse
import ast
import sys
from pathlib import Path

import yaml

from kagent.patterns.operators import combine, propose
from kagent.patterns.transforms import TRANSFORMS


def _norm(source: str) -> str | None:
    try:
        return ast.dump(ast.parse(source))
    except SyntaxError:
        return None


def coverage(nearmiss: str, fixed: str, pairs: bool) -> tuple[str, int, int]:
    """('single' | 'pair' | '', rank of the first covering edit, number of edits)."""
    want = _norm(fixed)
    n_lines = len(nearmiss.split("\n"))
    sites = [(ln, 1.0) for ln in range(1, n_lines + 1)]
    edits = propose(nearmiss, sites, {}, max_sites=n_lines, limit=5000)
    named = [e.new_source for t in TRANSFORMS.values() for e in t.propose(nearmiss)]
    for i, new in enumerate([*named, *(r.new_source for r in edits)]):
        if _norm(new) == want:
            return "single", i, len(named) + len(edits)
    if pairs:
        for i, a in enumerate(edits):
            for b in edits[i + 1:]:
                new = combine(nearmiss, a.edit, b.edit)
                if new is not None and _norm(new) == want:
                    return "pair", i, len(edits)
    return "", -1, len(edits)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("set_dir", type=Path)
    ap.add_argument("--pairs", action="store_true", help="also look for the fix among pairs of edits (slow)")
    ap.add_argument("--show", action="store_true", help="print the entries not covered")
    args = ap.parse_args()
    entries = yaml.safe_load((args.set_dir / "manifest.yaml").read_text())
    covered = 0
    for e in entries:
        nm, fx = args.set_dir / e["path"], args.set_dir / e["fixed"]
        how, rank, n = coverage(nm.read_text(), fx.read_text(), args.pairs)
        covered += bool(how)
        if how or args.show:
            print(f"{how or '-':7s} rank {rank:4d} of {n:4d}  {e['path']}  [{e.get('fault_kind', '?')}]")
    print(f"covered {covered} of {len(entries)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
