"""Does the repair search's catalogue hold the fix of a CUDA C (load_inline) near-miss, and where?

    python benchmarks/cuda_rewrite_census.py [--exclude nearmiss30] [--out FILE.json]

For every `backend: cuda` entry of the blind sets' manifests whose near-miss differs from its fixed
twin in one line: the operators' edits of that line (patterns/operators, the search's first tier)
and the grammar's rewrites of it (grammar_edits with that line alone, the later tiers), and whether
one of them makes the fixed twin's line (whitespace aside); the fix's place among the grammar's.
Nothing is run: this measures the catalogue, not the screen. A set held out for an evaluation is
left out with --exclude.
"""

from __future__ import annotations

import argparse
import difflib
import json
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
BLIND = ROOT / "benchmarks" / "blind"


def _norm(line: str) -> str:
    return re.sub(r"\s+", "", line)


def _entries(exclude: set[str]) -> list[tuple[str, dict, Path]]:
    import yaml

    out = []
    for manifest in sorted(BLIND.glob("nearmiss*/manifest.yaml")):
        if manifest.parent.name in exclude:
            continue
        for e in yaml.safe_load(manifest.read_text()) or []:
            if e.get("backend") == "cuda":
                out.append((manifest.parent.name, e, manifest.parent))
    return out


def census_one(near: str, fixed: str) -> dict:
    from kagent.patterns.operators import propose
    from kagent.patterns.operators.grammar import grammar_edits

    a, b = near.split("\n"), fixed.split("\n")
    # the extension's name may differ too (a twin and its near-miss built apart): not the fault
    hunks = [op for op in difflib.SequenceMatcher(None, a, b).get_opcodes() if op[0] != "equal"
             and not (op[0] == "replace" and all("load_inline(" in ln or "name=" in ln for ln in a[op[1]:op[2]] + b[op[3]:op[4]]))]
    if len(hunks) != 1 or hunks[0][0] != "replace" or hunks[0][2] - hunks[0][1] != 1 or hunks[0][4] - hunks[0][3] != 1:
        return {"one_line": False}
    line0 = hunks[0][1]
    want = _norm(b[hunks[0][3]])
    ops = propose(near, [(line0 + 1, 1.0)], {}, max_sites=1, limit=10_000)
    ops = [r for r in ops if r.edit.start <= line0 < r.edit.stop]
    op_hit = next((r.edit.operator for r in ops
                   if r.edit.stop - r.edit.start == 1 and _norm(r.edit.lines[0]) == want), None)
    gram = grammar_edits(near, [(line0 + 1, 1.0)], max_lines=1, limit=10_000)
    gram = [(p, e) for p, e, _ in gram if e.start == line0 and e.stop == line0 + 1]
    rank = next((i + 1 for i, (_, e) in enumerate(gram) if _norm(e.lines[0]) == want), None)
    return {"one_line": True, "line": line0 + 1, "operators": len(ops), "operator_fix": op_hit,
            "rewrites": len(gram), "rewrite_rank": rank,
            "rewrite_fix": None if rank is None else gram[rank - 1][1].operator}


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--exclude", default="nearmiss30", help="comma-separated set folders left out")
    ap.add_argument("--out", default="")
    args = ap.parse_args()
    rows = []
    for name, e, folder in _entries(set(filter(None, args.exclude.split(",")))):
        rec = census_one((folder / e["path"]).read_text(), (folder / e["fixed"]).read_text())
        rows.append({"set": name, "path": e["path"], "fault_kind": e.get("fault_kind"), **rec})
        print(f"{name:12s} {Path(e['path']).stem:36s} {e.get('fault_kind', ''):28s} "
              + (f"ops {rec['operators']:3d} fix:{rec['operator_fix'] or '-':16s} rewrites {rec['rewrites']:4d} "
                 f"fix at {rec['rewrite_rank'] or '-'}" if rec["one_line"] else "not a one-line fault"), flush=True)
    one = [r for r in rows if r["one_line"]]
    by_ops = sum(1 for r in one if r["operator_fix"])
    by_rw = sum(1 for r in one if r["rewrite_rank"])
    either = sum(1 for r in one if r["operator_fix"] or r["rewrite_rank"])
    ranks = sorted(r["rewrite_rank"] for r in one if r["rewrite_rank"])
    print(f"{len(rows)} CUDA C entries, {len(one)} one-line faults: the operators make {by_ops} fixes, the grammar "
          f"{by_rw}, either {either}; the grammar's fix ranks {ranks}")
    if args.out:
        Path(args.out).write_text(json.dumps({"rows": rows, "one_line": len(one), "operators": by_ops,
                                              "grammar": by_rw, "either": either}, indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
