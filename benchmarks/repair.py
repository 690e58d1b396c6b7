"""Benchmark of `kagent repair` on the near-miss corpus (tests/corpus/manifest.yaml) or any manifest.

    python benchmarks/repair.py offline  --device cpu  --out docs/benchmarks/repair_offline_cpu.json
    python benchmarks/repair.py --manifest tests/corpus/nearmiss_dev/manifest.yaml --out results.json
    python benchmarks/repair.py scripted --out docs/benchmarks/repair_scripted.json

--manifest: a YAML list (or a mapping with a list under `entries` / `kernels` / `cases`) of entries
with `path` (or `candidate`), optional `reference` (null: Model is in the candidate file),
optional `expect` (entries expecting `pass` are skipped), `failure_class`, `fault_kind`; paths
relative to the manifest's folder (or to the working directory).

offline:  the pattern engine on every near-miss kernel: status, guard, attempts, wall time; every
          "repaired" result is verified again from scratch by the full verifier (a false
          "repaired" is counted and reported).
scripted: the LLM path with a scripted provider whose one answer is the corpus fix written as
          SEARCH/REPLACE blocks (blocks_from_diff of the near-miss and its correct twin): the
          prompt sizes are real; compared with a regenerate-from-scratch prompt (regenerate.j2)
          plus the whole correct file as its answer.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
CORPUS = ROOT / "tests" / "corpus"


def nearmiss_entries(only: list[str] | None = None, manifest: Path | None = None) -> list[dict[str, Any]]:
    import yaml

    if manifest is None:
        entries = [dict(e, _root=str(CORPUS)) for e in yaml.safe_load((CORPUS / "manifest.yaml").read_text())
                   if e["path"].startswith("nearmiss/")]
    else:
        data = yaml.safe_load(Path(manifest).read_text())
        if isinstance(data, dict):
            data = next((data[k] for k in ("entries", "kernels", "cases", "nearmiss") if isinstance(data.get(k), list)), [])
        entries = []
        for e in data:
            e = dict(e)
            e["path"] = e.get("path") or e.get("candidate")
            if not e["path"] or e.get("expect") == "pass":
                continue
            e.setdefault("failure_class", None)
            e.setdefault("fault_kind", None)
            e["_root"] = str(Path(manifest).resolve().parent)
            entries.append(e)
    if only:
        entries = [e for e in entries if any(o in e["path"] for o in only)]
    return entries


def _resolve(root: str, rel: str) -> Path:
    p = Path(root) / rel
    return p if p.exists() or not Path(rel).exists() else Path(rel).resolve()


def _paths(e: dict[str, Any]) -> tuple[Path, Path | None]:
    root = e.get("_root", str(CORPUS))
    return _resolve(root, e["path"]), (_resolve(root, e["reference"]) if e.get("reference") else None)


_SERVICES: dict[str, Any] = {}


def _patterns(search: bool = True) -> dict[str, Any]:
    """One pattern store per worker process (the library is read once, consistently). `search`
    False: the engine without the edit search (the named patterns' fixes in turn, as before it)."""
    if not _SERVICES:
        from kagent.patterns.engine import candidate_fixes
        from kagent.patterns.store import PatternStore

        def patterns_only(hits: Any, source: str, limit: int) -> Any:
            return candidate_fixes(hits, source, limit)

        store = PatternStore.open()
        # the classes the engine can fix are the graph's triage's business (RepairContext.knowledge)
        _SERVICES.update(patterns=store, candidate_fixes=candidate_fixes if search else patterns_only)
    return _SERVICES


def run_offline(e: dict[str, Any], device: str, runs_dir: str, max_attempts: int, search: bool = True) -> dict[str, Any]:
    from kagent.api import verify
    from kagent.config import VerifyConfig
    from kagent.repair.run import repair

    cand, ref = _paths(e)
    vcfg = VerifyConfig(device=device, prewarm=True)  # type: ignore[arg-type]  (a repair loop verifies again and again)
    t0 = time.monotonic()
    s = repair(cand, ref, model="offline", verify_config=vcfg, runs_dir=runs_dir, max_attempts=max_attempts,
               **_patterns(search))
    wall = time.monotonic() - t0
    confirmed = None
    if s.status == "repaired":
        assert s.repaired_path is not None
        # against the original's Model when the kernel is one file: the repair may not touch it
        r = verify(s.repaired_path, ref or cand, config=vcfg)
        confirmed = r.verdict == "pass"
    return {
        "path": e["path"], "failure_class": e.get("failure_class"), "fault_kind": e.get("fault_kind"),
        "status": s.status, "guard": s.guard, "triage": s.triage, "reason": s.reason, "attempts": s.attempts,
        "candidates": s.candidates, "wall_s": round(wall, 2), "confirmed_by_fresh_verify": confirmed,
        "run_dir": s.run_dir,
    }


def _own_pattern_dir() -> None:
    """Each worker process its own pattern store (Chroma files are not shared between processes)."""
    base = os.environ.get("KAGENT_PATTERNS_DIR") or tempfile.mkdtemp(prefix="kagent-bench-patterns-")
    os.environ["KAGENT_PATTERNS_DIR"] = os.path.join(base, f"worker-{os.getpid()}")


def offline(args: argparse.Namespace) -> dict[str, Any]:
    entries = nearmiss_entries(args.only, args.manifest)
    runs_dir = args.runs_dir or tempfile.mkdtemp(prefix="kagent-bench-runs-")
    results: list[dict[str, Any]] = []
    with ProcessPoolExecutor(max_workers=args.jobs, initializer=_own_pattern_dir) as pool:
        futs = [pool.submit(run_offline, e, args.device, runs_dir, args.max_attempts, not args.no_search) for e in entries]
        for e, f in zip(entries, futs):
            try:
                res = f.result()
            except Exception as exc:  # one kernel's failure is a result, not the end of the benchmark
                res = {"path": e["path"], "failure_class": e.get("failure_class"), "fault_kind": e.get("fault_kind"),
                       "status": "error", "reason": f"{type(exc).__name__}: {exc}", "attempts": 0, "wall_s": 0.0}
            results.append(res)
            print(json.dumps({k: res.get(k) for k in ("path", "status", "guard", "attempts", "wall_s")}), file=sys.stderr)
    repaired = [r for r in results if r["status"] == "repaired"]
    false_repairs = [r["path"] for r in repaired if r.get("confirmed_by_fresh_verify") is False]
    walls = sorted(r["wall_s"] for r in results)
    return {
        "mode": "offline", "search": not args.no_search, "device": args.device, "manifest": str(args.manifest or CORPUS / "manifest.yaml"),
        "kernels": len(results),
        "fault_classes": len({r["failure_class"] for r in results}),
        "fault_kinds": len({r["fault_kind"] for r in results}),
        "repaired": len(repaired), "repair_rate": round(len(repaired) / max(1, len(results)), 4),
        "false_repairs": false_repairs,
        "attempts_per_repair": round(sum(r["attempts"] for r in repaired) / max(1, len(repaired)), 2),
        "median_wall_s": walls[len(walls) // 2] if walls else None,
        "total_wall_s": round(sum(walls), 1),
        "results": results,
    }


def scripted(args: argparse.Namespace) -> dict[str, Any]:
    import yaml

    from kagent.config import VerifyConfig, offline_llm_env
    from kagent.repair.run import repair
    from kagent.tools.edits import blocks_from_diff
    from kagent.tools.templates import render

    offline_llm_env()
    import litellm

    entries = [e for e in nearmiss_entries(args.only, args.manifest) if e.get("twin")]
    work = Path(tempfile.mkdtemp(prefix="kagent-bench-scripted-"))
    rows = []
    for e in entries:
        cand, ref = _paths(e)
        twin = _resolve(e.get("_root", str(CORPUS)), e["twin"]).read_text()
        before = cand.read_text()
        answer = "The fix:\n" + blocks_from_diff(before, twin)
        script = work / (Path(e["path"]).stem + ".yaml")
        script.write_text(yaml.safe_dump([answer]))
        t0 = time.monotonic()
        s = repair(cand, ref, model=f"script:{script}", verify_config=VerifyConfig(device=args.device),
                   runs_dir=str(work / "runs"), max_attempts=3)
        ref_src = ref.read_text() if ref else before
        regen_prompt = render("regenerate.j2", kernel_name=cand.stem, backend="triton", reference_source=ref_src)
        regen_in = litellm.token_counter(model="gpt-4o", messages=[{"role": "user", "content": regen_prompt}])
        regen_out = litellm.token_counter(model="gpt-4o", text="```python\n" + twin + "```")
        rows.append({
            "path": e["path"], "status": s.status, "attempts": s.attempts, "llm_calls": s.llm_calls,
            "prompt_tokens": s.prompt_tokens, "completion_tokens": s.completion_tokens, "tokens": s.tokens,
            "regenerate_prompt_tokens": regen_in, "regenerate_answer_tokens": regen_out,
            "regenerate_tokens": regen_in + regen_out, "wall_s": round(time.monotonic() - t0, 2),
        })
        print(json.dumps(rows[-1]), file=sys.stderr)
    ok = [r for r in rows if r["status"] == "repaired"]
    calls = sum(r["llm_calls"] for r in rows)
    return {
        "mode": "scripted", "device": args.device, "kernels": len(rows), "repaired": len(ok),
        "tokens_per_attempt": round(sum(r["tokens"] for r in rows) / max(1, calls), 1),
        "prompt_tokens_per_attempt": round(sum(r["prompt_tokens"] for r in rows) / max(1, calls), 1),
        "tokens_per_success": round(sum(r["tokens"] for r in rows) / max(1, len(ok)), 1),
        "regenerate_tokens_per_kernel": round(sum(r["regenerate_tokens"] for r in rows) / max(1, len(rows)), 1),
        "note": "scripted answers: the debug path's answer is the corpus fix; regenerate = regenerate.j2 prompt + "
                "the whole correct file as the answer (one attempt, assumed successful)",
        "results": rows,
    }


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("mode", nargs="?", default="offline", choices=["offline", "scripted"])
    ap.add_argument("--manifest", type=Path, help="a manifest of near-miss kernels (default: tests/corpus nearmiss/)")
    ap.add_argument("--device", default="cpu", choices=["cpu", "cuda"])
    ap.add_argument("--only", nargs="*", help="substrings of corpus paths")
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--max-attempts", type=int, default=20)
    ap.add_argument("--runs-dir")
    ap.add_argument("--no-search", action="store_true", help="offline: the named patterns' fixes only (the engine "
                    "before the edit search), for a before/after comparison")
    ap.add_argument("--out", type=Path)
    args = ap.parse_args()
    os.environ.setdefault("KAGENT_PATTERNS_DIR", tempfile.mkdtemp(prefix="kagent-bench-patterns-"))
    t0 = time.monotonic()
    res = offline(args) if args.mode == "offline" else scripted(args)
    res["benchmark_wall_s"] = round(time.monotonic() - t0, 1)
    text = json.dumps(res, indent=1)
    if args.out:
        args.out.parent.mkdir(parents=True, exist_ok=True)
        args.out.write_text(text)
    print(text)


if __name__ == "__main__":
    main()
