"""Offline repair of a near-miss manifest (the blind set), kernel by kernel, resumable: repaired / false repairs / median seconds.
usage: python benchmarks/blind_repair_eval.py MANIFEST OUT.json [--limit N] [--only substr]"""
import json, sys, time, statistics, argparse
from pathlib import Path
import yaml

ap = argparse.ArgumentParser()
ap.add_argument("manifest"); ap.add_argument("out"); ap.add_argument("--limit", type=int, default=0)
ap.add_argument("--only", default="")
a = ap.parse_args()
root = Path(a.manifest).resolve().parent
entries = [e for e in yaml.safe_load(Path(a.manifest).read_text()) if e.get("backend", "triton") == "triton"]
if a.only:
    entries = [e for e in entries if a.only in e["path"]]
if a.limit:
    entries = entries[: a.limit]
from kagent.api import repair, verify
from kagent.config import VerifyConfig

vcfg = VerifyConfig(device="cpu")
rows = []
out = Path(a.out)
done = {r["path"]: r for r in json.loads(out.read_text())["rows"]} if out.is_file() else {}
for e in entries:
    if e["path"] in done:
        rows.append(done[e["path"]]); continue
    t0 = time.time()
    row = {"path": e["path"], "fault_kind": e["fault_kind"]}
    try:
        s = repair(root / e["path"], root / e["reference"], model="offline", verify_config=vcfg, runs_dir="/tmp/blind_runs",
                   timeout_s=300)
        row.update(status=s.status, attempts=s.attempts, reason=s.reason[:200])
        if s.status == "repaired":
            fresh = verify(s.repaired_path, root / e["reference"], config=vcfg)
            row["fresh"] = fresh.verdict
    except Exception as exc:  # record and go on
        row.update(status="error", reason=f"{type(exc).__name__}: {exc}"[:300])
    row["seconds"] = round(time.time() - t0, 1)
    rows.append(row)
    print(json.dumps(row), flush=True)
    out.write_text(json.dumps({"rows": rows}, indent=1))
rep = [r for r in rows if r.get("status") == "repaired"]
false = [r for r in rep if r.get("fresh") != "pass"]
summary = {"n": len(rows), "repaired": len(rep), "false_repairs": len(false),
           "rate": len(rep) / max(1, len(rows)), "median_s": statistics.median([r["seconds"] for r in rows]) if rows else None}
print(json.dumps(summary))
out.write_text(json.dumps({"summary": summary, "rows": rows}, indent=1))
