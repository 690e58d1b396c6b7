#!/usr/bin/env python3
"""How often each operator's edit is the fix, and whether ranking the operators' edits by it finds fixes
sooner (no kernel runs).

    python benchmarks/operator_priors.py census --records OUT.json [--max-set 37]
    python benchmarks/operator_priors.py evaluate OUT.json [--beta 0.5 1] [--table patterns/library/operator_yield.json]

`census`: for every Triton near-miss of blind sets 1..max-set, the operators' edits as the search's operator
tier ranks them (patterns/operators.propose over the sites agents/localize gives under one generic symptom,
a numerical mismatch on the seed cases), each with its operator and priority, and which one makes the fixed
twin (compared by AST). The priorities are taken without the operator yields (`yields=False`).

`evaluate`: the fix's place among the edits as ranked, and with each edit's priority times (its operator's
yield, learned from the other sets) ** beta, each set left out in turn. An operator's yield is its fixes per
edit over all edits' rate, shrunk towards 1 by two fixes' worth. `--table` writes the yields learned from every
set, the table patterns/operators reads (operators.OPERATOR_YIELD).

It reads answer keys: run it on sets already measured, never on the next blind set.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
from collections import Counter
from pathlib import Path

import yaml

sys.path.insert(0, str(Path(__file__).resolve().parent))
from fix_rank import _key  # noqa: E402
from site_priors import _generic_weights  # noqa: E402

from kagent.agents import localize  # noqa: E402
from kagent.patterns.operators import propose  # noqa: E402

BLIND = Path(__file__).resolve().parent / "blind"
PSEUDO = 2.0


def census(max_set: int) -> list[dict]:
    weights, out = _generic_weights(), []
    for man in sorted(BLIND.glob("nearmiss*/manifest.yaml")):
        n = int(man.parent.name[len("nearmiss"):] or 1)
        if n > max_set:
            continue
        for e in yaml.safe_load(man.read_text()):
            if e.get("backend") != "triton":
                continue
            bad, want = (man.parent / e["path"]).read_text(), _key((man.parent / e["fixed"]).read_text())
            sites = [(s.line, s.score) for s in localize.sites_of(bad, weights)]
            edits = propose(bad, sites, weights, limit=4000, yields=False)
            fix = next((i for i, r in enumerate(edits) if _key(r.new_source) == want), None)
            out.append({"set": n, "path": e["path"], "edits": [[r.edit.operator, r.priority] for r in edits], "fix": fix})
            print(n, e["path"], len(edits), fix, flush=True)
    return out


def yields(recs: list[dict], floor: float = 0.0) -> dict[str, float]:
    made, fixes = Counter(), Counter()
    for r in recs:
        for op, _ in r["edits"]:
            made[op] += 1
        if r["fix"] is not None:
            fixes[r["edits"][r["fix"]][0]] += 1
    base = sum(fixes.values()) / max(sum(made.values()), 1)
    return {op: round(max(floor, (fixes[op] + PSEUDO) / (made[op] * base + PSEUDO)), 3) for op in sorted(made)}


def fix_rank(rec: dict, table: dict[str, float] | None, beta: float) -> int | None:
    if rec["fix"] is None:
        return None
    order = sorted(range(len(rec["edits"])), key=lambda i: (-rec["edits"][i][1] * (
        table.get(rec["edits"][i][0], 1.0) ** beta if table else 1.0), i))
    return order.index(rec["fix"]) + 1


def summary(ranks: list[int | None]) -> str:
    found = sorted(r for r in ranks if r is not None)
    return (f"median {statistics.median(found):.0f}, top 10 {sum(r <= 10 for r in found)}, top 50 "
            f"{sum(r <= 50 for r in found)}, top 100 {sum(r <= 100 for r in found)} of {len(found)} made "
            f"({len(ranks)} near-misses)")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    c = sub.add_parser("census")
    c.add_argument("--records", type=Path, required=True)
    c.add_argument("--max-set", type=int, default=37)
    ev = sub.add_parser("evaluate")
    ev.add_argument("records", type=Path)
    ev.add_argument("--beta", type=float, nargs="+", default=[0.5, 1.0])
    ev.add_argument("--table", type=Path)
    ev.add_argument("--floor", type=float, default=0.0, help="no operator's yield below this")
    a = ap.parse_args()
    if a.cmd == "census":
        a.records.write_text(json.dumps(census(a.max_set)))
        return
    recs = json.loads(a.records.read_text())
    print("as ranked:               ", summary([fix_rank(r, None, 0) for r in recs]))
    sets = sorted({r["set"] for r in recs})
    for beta in a.beta:
        ranks = []
        for s in sets:
            table = yields([r for r in recs if r["set"] != s], a.floor)
            ranks += [fix_rank(r, table, beta) for r in recs if r["set"] == s]
        print(f"operator yields ** {beta} (loso):", summary(ranks))
    if a.table:
        a.table.write_text(json.dumps(yields(recs, a.floor), indent=1, sort_keys=True) + "\n")


if __name__ == "__main__":
    main()
