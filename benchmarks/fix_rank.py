"""Where the answer key's fix sits in the offline search's candidate order (no kernel runs).

    python benchmarks/fix_rank.py MANIFEST RUNS_DIR [--only SUBSTR]

For each near-miss of a blind set's manifest, takes the localization a repair run stored
(RUNS_DIR/**/<timestamp>__<kernel>__offline/localization_0.json, as blind_repair_eval.py and
blind_repair_device.sh leave them), rebuilds the base's candidates as the search orders them (the
operators' tier, then the grammar tier) and prints the position of the first candidate equal to the
fixed twin (compared as ASTs), or `absent`. It tells a fault no operator reaches (absent: an
operator to write) from one reached too late (a rank past what the wall clock screened: an order to
change); the fault line's rank among the localized sites tells a line the grammar tier never
rewrites (it takes the ten most suspected). Only the first base is rebuilt: a fix found from a second base shows as absent here, and so does an
equivalent fix written another way (`(hi - 2) << 4` for `(q - 32)`).
"""

from __future__ import annotations

import argparse
import ast
import glob
import json
import sys
from pathlib import Path

import yaml


def _key(source: str) -> str | None:
    try:
        return ast.dump(ast.parse(source))
    except SyntaxError:
        return None


def _localization(runs: Path, kernel: str) -> dict | None:
    # glob.glob, not Path.glob: a run that ends meanwhile removes its work folder under the walk
    found = sorted(glob.glob(f"{runs}/**/*__{kernel}__offline/localization_0.json", recursive=True),
                   key=lambda p: Path(p).parent.name)
    return json.loads(Path(found[-1]).read_text()) if found else None


def fault_lines(near_miss: str, fixed: str) -> list[int]:
    """1-based lines of the near-miss that its one edit changed (the line before a deleted one)."""
    import difflib

    ops = difflib.SequenceMatcher(a=near_miss.split("\n"), b=fixed.split("\n"), autojunk=False).get_opcodes()
    return sorted({max(i1, 1) if i1 == i2 else i + 1 for tag, i1, i2, _j1, _j2 in ops if tag != "equal"
                   for i in (range(i1, i2) if i2 > i1 else [i1 - 1])})


def site_rank(loc: dict, lines: list[int]) -> int | None:
    """The best 1-based rank of the fault's lines among the localized sites."""
    ranks = [i + 1 for i, s in enumerate(loc["sites"]) if s["line"] in lines]
    return min(ranks) if ranks else None


def rank(near_miss: str, fixed: str, loc: dict) -> tuple[str, int | None, int, int]:
    """(tier, 1-based position in the search's order, operator candidates, grammar candidates)."""
    from kagent.patterns.engine import grammar_candidates, search_candidates

    sites = [(s["line"], s["score"]) for s in loc["sites"]]
    want = _key(fixed)
    ops = search_candidates([], near_miss, sites, loc["family_weights"])
    for i, c in enumerate(ops):
        if _key(c.source) == want:
            return "operators", i + 1, len(ops), 0
    seen = {c.source for c in ops}
    grammar = [c for c in grammar_candidates(near_miss, sites, limit=2000) if c.source not in seen]
    for i, c in enumerate(grammar):
        if _key(c.source) == want:
            return "grammar", len(ops) + i + 1, len(ops), len(grammar)
    return "absent", None, len(ops), len(grammar)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("manifest", type=Path)
    ap.add_argument("runs", type=Path, help="a folder holding the repair runs' directories")
    ap.add_argument("--only", default="", help="comma-separated substrings of the near-miss paths")
    args = ap.parse_args()
    root = args.manifest.parent
    for e in yaml.safe_load(args.manifest.read_text()):
        if args.only and not any(p in e["path"] for p in args.only.split(",")):
            continue
        kernel = Path(e["path"]).stem
        loc = _localization(args.runs, kernel)
        if loc is None:
            print(f"{kernel:34s} no localization stored")
            continue
        near_miss, fixed = (root / e["path"]).read_text(), (root / e["fixed"]).read_text()
        tier, pos, n_ops, n_grammar = rank(near_miss, fixed, loc)
        where = f"#{pos}" if pos else "absent"
        line = site_rank(loc, fault_lines(near_miss, fixed))
        print(f"{kernel:34s} {tier:9s} {where:>7s}  fault line: site #{line}  (operators {n_ops}, grammar {n_grammar})"
              f"  {e['fault_kind']}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
