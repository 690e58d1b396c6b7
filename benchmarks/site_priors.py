#!/usr/bin/env python3
"""How often a line of each kind is the fault, and whether ranking sites by it finds faults sooner
(no kernel runs).

    python benchmarks/site_priors.py [--max-set 37] [--alpha 0.5] [--table patterns/library/site_yield.json]

For every Triton near-miss of blind sets 1..max-set, the localization's sites (agents/localize.sites_of)
under one generic symptom (a numerical mismatch on the seed cases: every family weighted as
`family_weights` weighs it) and the fault's lines from the answer key. Counts, per site kind (store,
load, math, copy, scan ...), the lines of that kind and the faults among them; a kind's yield is its
fault rate over all sites' rate, shrunk towards 1 by two faults' worth. Then, each set left out in
turn, the fault line's rank among the sites as localize ranks them and with each site's score times
(the best yield of its kinds learned from the other sets) ** alpha. `--table` writes the yields learned
from every set, the table localize reads (localize.KIND_YIELD).

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
from fix_rank import fault_lines  # noqa: E402

from kagent.agents import localize  # noqa: E402
from kagent.report import CaseInfo, Finding, VerifyReport  # noqa: E402

BLIND = Path(__file__).resolve().parent / "blind"
PSEUDO = 2.0  # faults' worth of shrinkage towards a yield of 1


def _generic_weights() -> dict[str, float]:
    finding = Finding(check="oracle", severity="error", failure_class="numerical_mismatch", case="seed0",
                      message="differs", evidence={"location": "scattered", "mismatch_fraction": 0.3, "rel_l2_err": 0.2})
    cases = [CaseInfo(name=f"seed{i}", kind="seed", seed=i, shapes=[], dtypes=[]) for i in range(3)]
    report = VerifyReport(verdict="fail", failure_class="numerical_mismatch", summary="numerical_mismatch: x",
                          candidate="c.py", reference="r.py", device="cpu", findings=[finding], cases=cases)
    return localize.family_weights(localize.symptoms_of(report))


def records(max_set: int) -> list[dict]:
    """One per Triton near-miss: its set, its sites (line, kinds, score) and its fault lines."""
    weights, out = _generic_weights(), []
    for man in sorted(BLIND.glob("nearmiss*/manifest.yaml")):
        n = int(man.parent.name[len("nearmiss"):] or 1)
        if n > max_set:
            continue
        for e in yaml.safe_load(man.read_text()):
            if e.get("backend") != "triton":
                continue
            bad, good = (man.parent / e["path"]).read_text(), (man.parent / e["fixed"]).read_text()
            sites = [(s.line, sorted(set(s.kinds)), s.score) for s in localize.sites_of(bad, weights, priors=False)]
            rec = {"set": n, "path": e["path"], "sites": sites, "faults": fault_lines(bad, good)}
            now = [(s.line, [], s.score) for s in localize.sites_of(bad, weights)]
            rec["now"] = fault_rank({**rec, "sites": now}, None, 0)
            out.append(rec)
    return out


def yields(recs: list[dict]) -> dict[str, float]:
    lines, faults = Counter(), Counter()
    for r in recs:
        for line, kinds, _ in r["sites"]:
            for k in kinds:
                lines[k] += 1
                faults[k] += line in r["faults"]
    base = sum(faults.values()) / max(sum(lines.values()), 1)
    return {k: round((faults[k] + PSEUDO) / (lines[k] * base + PSEUDO), 3) for k in sorted(lines)}


def fault_rank(rec: dict, table: dict[str, float] | None, alpha: float) -> int | None:
    def score(site) -> float:
        _, kinds, s = site
        return s * (max(table.get(k, 1.0) for k in kinds) ** alpha if table else 1.0)

    order = sorted(rec["sites"], key=lambda s: (-score(s), s[0]))
    ranks = [i + 1 for i, s in enumerate(order) if s[0] in rec["faults"]]
    return min(ranks) if ranks else None


def summary(ranks: list[int | None]) -> str:
    found = [r for r in ranks if r is not None]
    return (f"median {statistics.median(found):.0f}, top 3 {sum(r <= 3 for r in found)}, top 10 "
            f"{sum(r <= 10 for r in found)}, top 30 {sum(r <= 30 for r in found)} of {len(ranks)} "
            f"({len(ranks) - len(found)} not a site)")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--max-set", type=int, default=37)
    ap.add_argument("--alpha", type=float, nargs="+", default=[0.5, 1.0])
    ap.add_argument("--table", type=Path, help="write the yields learned from every set here")
    a = ap.parse_args()
    recs = records(a.max_set)
    print(f"{len(recs)} Triton near-misses of sets 1-{a.max_set}")
    print("without priors:              ", summary([fault_rank(r, None, 0) for r in recs]))
    print("as localize ranks them:      ", summary([r["now"] for r in recs]))
    sets = sorted({r["set"] for r in recs})
    for alpha in a.alpha:
        ranks = []
        for s in sets:  # leave one set out
            table = yields([r for r in recs if r["set"] != s])
            ranks += [fault_rank(r, table, alpha) for r in recs if r["set"] == s]
        print(f"kind yields ** {alpha} (loso):   ", summary(ranks))
    table = yields(recs)
    print("yields from every set:", json.dumps(table))
    if a.table:
        a.table.write_text(json.dumps(table, indent=1, sort_keys=True) + "\n")


if __name__ == "__main__":
    main()
