#!/usr/bin/env python3
"""How often each grammar rewrite kind is the fix, per candidate it makes (no kernel runs).

    python benchmarks/grammar_priors.py census SET... --records OUT.json [--jobs N]
    python benchmarks/grammar_priors.py evaluate OUT.json [--table patterns/library/grammar_yield.json]

`census`: for every Triton near-miss of the given blind sets whose fix replaces one line, the
grammar's rewrites of that line alone (the fault line as the only site, as if localization were
perfect), in the grammar's order, each with its kind and form (a wrap's template, an added term's
operator), and which of them makes the fixed twin (compared by AST). Prints per kind the candidates
made on fault lines, the fixes, fixes per 1 000 candidates and the kind's prior weight.

`evaluate`: where the fix would sit on its line under each weighting (the prior weights; weights
learned from the other sets' fixes per candidate, by kind, and by kind and form), each set measured
with weights learned without it (leave one set out); `--table` writes the kind table learned from
every set, the one the grammar reads (grammar.WEIGHT).

It reads answer keys: run it on sets already measured, never on the next blind set.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import re
import statistics
import sys
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

import yaml

sys.path.insert(0, str(Path(__file__).resolve().parent))
from fix_rank import _key, fault_lines  # noqa: E402

from kagent.patterns.operators.base import Src, parses  # noqa: E402
from kagent.patterns.operators.grammar import PRIOR, calibrated, rewrites  # noqa: E402

_SHAPED = ("wrap", "extend", "extend_dead", "shift", "clamp")


def form(kind: str, description: str) -> str:
    """What distinguishes candidates of one kind: a wrap's template, the operator of an added term."""
    m = re.search(r"`(.*)` -> `(.*)`$", description)
    if kind not in _SHAPED or not m:
        return ""
    old, new = m.groups()
    if kind == "wrap":
        return re.sub(r"[()\s]", "", new.replace(old, "E"))
    if kind == "clamp":
        fn = "min" if "minimum" in new else "max"
        return fn + (" number" if re.search(r",\s*[\d.]+\)$", new) else " name")
    rest = new[len(old):].strip() if new.startswith(old) else new.replace(old, "", 1).strip("() ")
    return rest[:1]


def census(d: Path) -> list[dict]:
    """One record per one-line Triton fix of set `d`: the fault line's candidates [kind, form] in the
    grammar's order and the index of the first that makes the fixed twin (None: none does)."""
    out = []
    for e in yaml.safe_load((d / "manifest.yaml").read_text()) or []:
        if e.get("backend", "triton") != "triton":
            continue
        near, fixed = (d / e["path"]).read_text(), (d / e["fixed"]).read_text()
        a, b = near.split("\n"), fixed.split("\n")
        if len(a) != len(b) or sum(x != y for x, y in zip(a, b)) != 1:
            continue  # not a one-line replacement
        line0 = fault_lines(near, fixed)[0] - 1
        want, made, cands, fix = _key(fixed), {near}, [], None
        for r in rewrites(Src(near), line0):
            new = "\n".join([*a[:line0], r.line, *a[line0 + 1:]])
            if new in made or not parses(new):
                continue
            made.add(new)
            if fix is None and _key(new) == want:
                fix = len(cands)
            cands.append([r.kind, form(r.kind, r.description)])
        out.append({"set": d.name, "entry": e["path"], "fix": fix, "candidates": cands})
    return out


def table(records: list[dict], by_form: bool = False) -> dict[str, list[int]]:
    """[candidates made, fixes] per kind (or kind and form) over `records`."""
    made: Counter = Counter()
    fixes: Counter = Counter()
    for r in records:
        for i, (kind, f) in enumerate(r["candidates"]):
            k = f"{kind}:{f}" if by_form and f else kind
            made[k] += 1
            fixes[k] += i == r["fix"]
    return {k: [made[k], fixes[k]] for k in made}


def in_lines(r: dict, decoys: list[dict], rank: int, weight) -> int:
    """The fix's 0-based place among the candidates of ten suspected lines, its own line `rank`-th
    (the other lines' candidates are other fault lines' made here, as grammar_edits orders them)."""
    lines = decoys[:rank] + [r] + decoys[rank:]
    prio = []
    for j, line in enumerate(lines):
        site = (0.5 + 0.5 * (1.0 - j / 20)) / (1.0 + 0.05 * j)
        seen: Counter = Counter()
        for i, (kind, f) in enumerate(line["candidates"]):
            seen[kind] += 1
            prio.append((-weight(kind, f) * site / (1.0 + 0.02 * (seen[kind] - 1)), j, i))
    return sorted(prio).index(next(p for p in prio if p[1] == rank and p[2] == r["fix"]))


def evaluate(records: list[dict], lines: int = 10) -> None:
    fixed = [r for r in records if r["fix"] is not None]
    print(f"{len(records)} one-line fixes; the grammar makes {len(fixed)} from the fault line alone")
    sets = sorted({r["set"] for r in records})
    places: dict[str, list[int]] = {"prior": [], "kind": [], "kind+form": []}
    among: dict[str, list[int]] = {"prior": [], "kind": [], "kind+form": []}
    rng = random.Random(0)
    for s in sets:
        train = [r for r in records if r["set"] != s]
        w_kind = calibrated(PRIOR, table(train))
        form_table = table(train, by_form=True)
        w_form = calibrated({k: PRIOR.get(k.split(":")[0], 0.5) for k in form_table} | PRIOR, form_table)
        schemes = {"prior": lambda k, f: PRIOR.get(k, 0.5), "kind": lambda k, f: w_kind.get(k, 0.0),
                   "kind+form": lambda k, f: w_form.get(f"{k}:{f}" if f else k, 0.0)}
        for r in (r for r in fixed if r["set"] == s):
            decoys, rank = rng.sample(train, lines - 1), rng.randrange(lines)
            for name, w in schemes.items():
                places[name].append(in_lines(r, [], 0, w))  # its own line alone
                among[name].append(in_lines(r, decoys, rank, w))
    _show("on the fault line alone", places)
    _show(f"among {lines} lines' candidates (the fault line's rank drawn uniformly)", among)


def _show(title: str, places: dict[str, list[int]]) -> None:
    print(f"the fix's place, {title}")
    print(f"{'weights':10} {'median':>6} {'mean':>7} {'geo mean':>8} {'<10':>5} {'<50':>5} {'<100':>5} {'<500':>5}")
    for name, p in places.items():
        geo = math.exp(statistics.fmean(math.log1p(x) for x in p)) - 1
        print(f"{name:10} {statistics.median(p):6.0f} {statistics.fmean(p):7.1f} {geo:8.1f} "
              f"{sum(x < 10 for x in p):5d} {sum(x < 50 for x in p):5d} {sum(x < 100 for x in p):5d} {sum(x < 500 for x in p):5d}")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    c = sub.add_parser("census")
    c.add_argument("sets", nargs="+", type=Path)
    c.add_argument("--records", type=Path, required=True)
    c.add_argument("--jobs", type=int, default=1, help="sets measured side by side")
    v = sub.add_parser("evaluate")
    v.add_argument("records", type=Path)
    v.add_argument("--table", type=Path, help="write the kind table learned from every set (grammar's input)")
    args = ap.parse_args()
    if args.cmd == "census":
        with ProcessPoolExecutor(args.jobs) as pool:
            records = [r for rs in pool.map(census, args.sets) for r in rs]
        args.records.write_text(json.dumps(records) + "\n")
        t = table(records)
        hits = sum(r["fix"] is not None for r in records)
        print(f"{len(records)} one-line Triton fixes; the grammar makes {hits} of them from the fault line alone")
        print(f"{'kind':24} {'made':>7} {'fixes':>6} {'per 1k':>8} {'prior':>6}")
        for k, (m, f) in sorted(t.items(), key=lambda kv: -kv[1][1] / kv[1][0]):
            print(f"{k:24} {m:7d} {f:6d} {1000 * f / m:8.2f} {PRIOR.get(k, 0):6.2f}")
        return 0
    records = json.loads(args.records.read_text())
    evaluate(records)
    if args.table:
        args.table.write_text(json.dumps({
            "about": "grammar rewrites made on the faulty line of each one-line Triton fix, and fixes "
                     "(benchmarks/grammar_priors.py): [made, fixes] per kind",
            "sets": sorted({r["set"] for r in records}), "entries": len(records),
            "kinds": table(records)}, indent=1) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
