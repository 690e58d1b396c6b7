"""Mutation benchmark: how many faults injected into correct kernels does `kagent verify` catch?

For each correct candidate of tests/corpus (manifest.yaml), every @triton.jit kernel is mutated one
site at a time: relational operator swaps (< <= > >= == !=), arithmetic swaps (+ - * /), constant
changes (n -> n+1, x -> 1.01x), mask removal (drop `mask=`), `other=` changes and dtype changes
(tl.float32 -> tl.float16); and two operators for faults that outputs alone do not show:
`unmasked_load` (a `tl.load` loses its `mask=` and `other=`: the extra lanes read past the end, and
a masked store usually drops them) and `tie_flip` (`>` <-> `>=`, `<` <-> `<=` in the kernels of
tie-sensitive references, e.g. an argmax's running comparison: ties then resolve to another index).
Besides the corpus's correct kernels, benchmarks/mutation_kernels/ holds argmax-like ones.
Each mutant goes through `kagent verify` on the CPU.

Each kernel's unmutated original is verified first (operator `original`): mutants of a kernel
whose original does not pass (a false rejection, or a machine where it cannot run) say nothing about
the checks and are left out of the rates, listed apart (`--no-baseline` skips this).

Kill rates are reported with the interpreter's bounds check on and off. A verify with the check on
that reports no `interpreter.bounds` finding ran exactly as it would without the check, so only the
mutants the check flagged are verified again with it off.

A surviving mutant is checked against the original kernel bitwise on the problem's own inputs and on
odd shapes (a case where the original itself is wrong or not repeatable, e.g. a shape outside its
contract, is skipped): identical outputs everywhere means the mutant is (most likely) equivalent — e.g. a
change in dead code — and it is excluded from the denominator; otherwise it is a miss.

A mutant that survives with the check on and is bitwise identical to the original is counted as
equivalent in both columns; one caught only by the bounds check counts as a miss with it off.

    python benchmarks/mutation.py [--per-kernel N] [--ops unmasked_load,tie_flip] [--jobs J] [--out results.json]
    python benchmarks/mutation.py --blind [--per-kernel N] [--limit M]   # unseen kernels: the blind set's twins
        [--deadline S]   # stop starting mutants after S seconds; the summary covers those finished
        [--resume a.jsonl ...]   # rows of earlier runs of the same sample: not run again, summarised too

Each row (kernel, operator, the mutated line and a unified diff against the original, verdicts) is
also appended to <out>.jsonl the moment its mutant is judged, so a run cut short (a device call's
time limit) still returns what it finished. Mutants run in a shuffled order (fixed by --seed), so a
cut run is a sample across kernels and operators, not the first kernels only.
"""

from __future__ import annotations

import argparse
import ast
import copy
import difflib
import json
import os
import random
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ProcessPoolExecutor, as_completed
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parents[1]
CORPUS = ROOT / "tests" / "corpus"
EXTRA = Path(__file__).resolve().parent / "mutation_kernels"

_REL = {ast.Lt: ast.LtE, ast.LtE: ast.Lt, ast.Gt: ast.GtE, ast.GtE: ast.Gt, ast.Eq: ast.NotEq, ast.NotEq: ast.Eq}
_ARITH = {ast.Add: ast.Sub, ast.Sub: ast.Add, ast.Mult: ast.Div, ast.Div: ast.Mult}
_STRICT = {ast.Lt: ast.LtE, ast.LtE: ast.Lt, ast.Gt: ast.GtE, ast.GtE: ast.Gt}


def _is_jit(fn: ast.FunctionDef) -> bool:
    return any("jit" in ast.unparse(d) for d in fn.decorator_list)


def _is_load(node: ast.AST) -> bool:
    return isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "load" \
        and any(k.arg == "mask" for k in node.keywords)


def _sites(tree: ast.Module, tie_sensitive: bool = False) -> list[tuple[str, tuple]]:
    """(operator name, path to the node) for every mutable site inside jitted kernels. In the kernels
    of a tie-sensitive reference, strictness flips are `tie_flip` sites instead of `relational` ones."""
    sites = []
    for fi, fn in enumerate(tree.body):
        if not (isinstance(fn, ast.FunctionDef) and _is_jit(fn)):
            continue
        for ni, node in enumerate(ast.walk(fn)):
            if tie_sensitive and isinstance(node, ast.Compare) and type(node.ops[0]) in _STRICT:
                sites.append(("tie_flip", (fi, ni)))
            elif isinstance(node, ast.Compare) and type(node.ops[0]) in _REL:
                sites.append(("relational", (fi, ni)))
            elif _is_load(node):
                sites.append(("unmasked_load", (fi, ni)))
            elif isinstance(node, ast.BinOp) and type(node.op) in _ARITH:
                sites.append(("arithmetic", (fi, ni)))
            elif isinstance(node, ast.Constant) and type(node.value) in (int, float) and not isinstance(node.value, bool):
                sites.append(("constant", (fi, ni)))
            elif isinstance(node, ast.keyword) and node.arg == "mask":
                sites.append(("mask_removal", (fi, ni)))
            elif isinstance(node, ast.keyword) and node.arg == "other":
                sites.append(("other_value", (fi, ni)))
            elif isinstance(node, ast.Attribute) and node.attr == "float32":
                sites.append(("dtype", (fi, ni)))
    return sites


def _mutate(tree: ast.Module, op: str, path: tuple) -> str | None:
    tree = copy.deepcopy(tree)
    fi, ni = path
    fn = tree.body[fi]
    target = list(ast.walk(fn))[ni]
    if op in ("relational", "tie_flip"):
        target.ops[0] = _REL[type(target.ops[0])]()
    elif op == "unmasked_load":
        target.keywords = [k for k in target.keywords if k.arg not in ("mask", "other")]
    elif op == "arithmetic":
        target.op = _ARITH[type(target.op)]()
    elif op == "constant":
        v = target.value
        target.value = v + 1 if isinstance(v, int) else (v * 1.01 if v != 0 else 1e-3)
    elif op == "mask_removal":
        for parent in ast.walk(fn):
            if isinstance(parent, ast.Call) and target in parent.keywords:
                parent.keywords.remove(target)
                break
    elif op == "other_value":
        target.value = ast.Constant(0.0)
    elif op == "dtype":
        target.attr = "float16"
    return ast.unparse(tree)


_BITWISE = r'''
import json, sys, torch
from kagent.tools.problem import exec_module, inspect_sources
from pathlib import Path
orig, mut, ref = Path(sys.argv[1]), Path(sys.argv[2]), Path(sys.argv[3])
files = inspect_sources(orig, ref)
variants = [{}] + [{c.name: (c.value * 3) // 5 | 1 for c in files.shape_constants}]
same, used = True, 0
def listed(o):
    return list(o) if isinstance(o, (tuple, list)) else [o]
def equal(xs, ys):
    return len(xs) == len(ys) and all(x.shape == y.shape and torch.equal(torch.nan_to_num(x, 7.0), torch.nan_to_num(y, 7.0))
                                      for x, y in zip(xs, ys))
for i, ov in enumerate(variants):
    rmod = exec_module(ref, f"r{i}", ov)
    a = exec_module(orig, f"a{i}", ov if orig == ref else None)
    b = exec_module(mut, f"b{i}", ov if orig == ref else None)
    for seed in (0, 1):
        torch.manual_seed(seed); inputs = rmod.get_inputs(); init = rmod.get_init_inputs()
        # a case where the original is not right, or not even repeatable (a shape outside its contract:
        # unwritten output), says nothing about the mutant: it is skipped
        try:
            torch.manual_seed(seed); oa = listed(a.ModelNew(*init)(*[x.clone() for x in inputs]))
            torch.manual_seed(seed); oa2 = listed(a.ModelNew(*init)(*[x.clone() for x in inputs]))
            torch.manual_seed(seed); oref = listed(rmod.Model(*init)(*[x.clone() for x in inputs]))
        except Exception:
            continue
        if not equal(oa, oa2) or len(oa) != len(oref) or not all(
                x.shape == y.shape and torch.allclose(x.double(), y.double(), rtol=1e-2, atol=1e-2, equal_nan=True)
                for x, y in zip(oa, oref)):
            continue
        used += 1
        try:
            torch.manual_seed(seed); ob = listed(b.ModelNew(*init)(*[x.clone() for x in inputs]))
        except Exception:
            same = False; break
        if not equal(oa, ob):
            same = False
print(json.dumps({"bitwise_same": same and used > 0, "cases_used": used}))
'''


def _bitwise_same(orig: Path, mutant: Path, ref: Path) -> bool:
    env = {"TRITON_INTERPRET": "1", "PATH": "/usr/bin:/bin", **{k: v for k, v in os.environ.items() if k == "PYTHONPATH"}}
    try:
        out = subprocess.run([sys.executable, "-P", "-c", _BITWISE, str(orig), str(mutant), str(ref)], capture_output=True,
                             text=True, timeout=120, env=env, cwd=ROOT)
        return json.loads(out.stdout.strip().splitlines()[-1])["bitwise_same"]
    except (subprocess.TimeoutExpired, IndexError, json.JSONDecodeError):
        return False  # a mutant that hangs or dies is not equivalent


BLIND = ROOT / "benchmarks" / "blind" / "nearmiss"


def _blind_kernels() -> list[tuple[str, Path, Path]]:
    """The blind set's correct Triton twins (written by a helper who never read kagent's code, never
    used to write the operators or the checks): mutants of kernels kagent was not tuned on."""
    entries = yaml.safe_load((BLIND / "manifest.yaml").read_text())
    return [(f"blind/{e['fixed']}", BLIND / e["fixed"], BLIND / e["reference"]) for e in entries
            if e.get("backend") == "triton"]


def _kernels(extra: bool, blind: bool = False) -> list[tuple[str, Path, Path]]:
    """(name, candidate, reference) of the correct kernels to mutate."""
    if blind:
        return _blind_kernels()
    entries = [e for e in yaml.safe_load((CORPUS / "manifest.yaml").read_text()) if e["expect"] == "pass"]
    out = [(e["path"], CORPUS / e["path"], CORPUS / e["reference"] if e.get("reference") else CORPUS / e["path"])
           for e in entries]
    if extra:
        out += [(f"mutation_kernels/{p.name}", p, p) for p in sorted(EXTRA.glob("*.py"))]
    return out


def _bounds_caught(report) -> bool:
    return any(f.check == "interpreter.bounds" and f.severity == "error" for f in report.findings)


def _run(job) -> dict:
    """One mutant, in a pool worker process of its own: `kagent verify` keeps one warm spare worker
    per process (a module global), so verifies must not run in threads of one process beside each
    other (seen with threads: `ValueError: flush of closed file` from killing a sandbox worker)."""
    from kagent.api import verify

    name, orig, ref, mpath, op, where = job
    t = time.time()
    bounds = False
    try:
        r = verify(mpath, None if ref == orig else ref, device="cpu")
        verdict, cls, bounds, why = r.verdict, r.failure_class, _bounds_caught(r), r.summary[:300]
    except Exception as exc:  # a mutant that no longer loads is caught before any run
        verdict, cls, why = "error", type(exc).__name__, f"{type(exc).__name__}: {exc}"[:300]
    # kagent refusing the mutant (InputError) is a catch; any other exception is the harness's
    # failure, not a verdict: such rows are counted apart and left out of the kill rates
    harness_error = verdict == "error" and cls != "InputError"
    caught = verdict != "pass" and not harness_error
    verdict_off, cls_off = verdict, cls
    if bounds:  # what kagent verify would have said without the check
        try:
            r = verify(mpath, None if ref == orig else ref, device="cpu", bounds_check=False)
            verdict_off, cls_off = r.verdict, r.failure_class
        except Exception as exc:
            verdict_off, cls_off = "error", type(exc).__name__
    equivalent = not caught and not harness_error and op != "original" and _bitwise_same(orig, mpath, ref)
    return {"kernel": name, "mutant": mpath.name, "operator": op, "verdict": verdict, "failure_class": cls,
            "caught": caught, "bounds_finding": bounds, "verdict_no_bounds": verdict_off,
            "failure_class_no_bounds": cls_off, "caught_no_bounds": verdict_off != "pass",
            "equivalent": equivalent, "harness_error": harness_error, "summary": why, "seconds": round(time.time() - t, 2), **where}


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--per-kernel", type=int, default=6, help="mutants sampled per kernel (0: all)")
    ap.add_argument("--ops", default="", help="comma-separated operators to keep (default: all)")
    ap.add_argument("--no-extra", action="store_true", help="only the corpus, not benchmarks/mutation_kernels")
    ap.add_argument("--blind", action="store_true",
                    help="mutate the blind set's correct twins (benchmarks/blind/nearmiss) instead: unseen kernels")
    ap.add_argument("--limit", type=int, default=0, help="at most this many mutants, sampled (0: all)")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--out", type=Path, default=None)
    ap.add_argument("--deadline", type=float, default=0, help="seconds; after it no mutant is waited for (0: none)")
    ap.add_argument("--no-baseline", action="store_true",
                    help="do not verify the unmutated originals first (every mutant counts, as before)")
    ap.add_argument("--resume", type=Path, nargs="*", default=[],
                    help="JSONL rows of earlier runs with the same sample flags: those mutants count as done")
    args = ap.parse_args()

    from kagent.verifiers.suite_ties import tie_sensitivity

    keep = {o for o in args.ops.split(",") if o}
    rng = random.Random(args.seed)
    work = Path(tempfile.mkdtemp(prefix="kagent-mut-"))
    jobs, originals = [], []
    for kernel, src_path, ref in _kernels(not args.no_extra, args.blind):
        if not args.no_baseline:
            opath = work / f"{src_path.stem}__original.py"
            opath.write_text(src_path.read_text())
            originals.append((kernel, src_path, ref, opath, "original", {"line": None, "source_line": None, "diff": ""}))
        tree = ast.parse(src_path.read_text())
        sites = _sites(tree, tie_sensitivity(ref.read_text()) is not None)
        if keep:
            sites = [s for s in sites if s[0] in keep]
        if args.per_kernel:
            sites = rng.sample(sites, min(args.per_kernel, len(sites)))
        base = ast.unparse(tree).splitlines()
        src_lines = src_path.read_text().splitlines()
        for k, (op, path) in enumerate(sites):
            text = _mutate(tree, op, path)
            if text is None or text.splitlines() == base:  # a no-op (`other=0.0` set to 0.0) is no mutant
                continue
            mpath = work / f"{src_path.stem}__m{k}_{op}.py"
            mpath.write_text(text)
            line = getattr(list(ast.walk(tree.body[path[0]]))[path[1]], "lineno", None)
            diff = "\n".join(difflib.unified_diff(base, text.splitlines(), "original", "mutant", n=0, lineterm=""))
            where = {"line": line, "source_line": src_lines[line - 1].strip() if line else None, "diff": diff}
            jobs.append((kernel, src_path, ref, mpath, op, where))

    if args.limit and len(jobs) > args.limit:
        jobs = rng.sample(jobs, args.limit)
    random.Random(args.seed + 1).shuffle(jobs)  # a cut run is still a sample across kernels
    jobs = originals + jobs  # the baselines first: a cut run has them
    planned = len(jobs)
    earlier = {}
    for f in args.resume:  # a harness error is not a result: that mutant runs again
        for line in f.read_text().splitlines():
            row = json.loads(line) if line.strip() else None
            if row and not row.get("harness_error"):
                earlier[row["mutant"]] = row
    names = {j[3].name for j in jobs}
    earlier = {k: v for k, v in earlier.items() if k in names}
    jobs = [j for j in jobs if j[3].name not in earlier]
    if earlier:
        print(f"{len(earlier)} mutants done in earlier runs, {len(jobs)} left", flush=True)

    t0 = time.time()
    jsonl = args.out.with_suffix(".jsonl") if args.out else None
    if jsonl:
        jsonl.parent.mkdir(parents=True, exist_ok=True)
        jsonl.write_text("")
    results = []
    print(f"{len(jobs)} mutants, {args.jobs} jobs", flush=True)
    pool = ProcessPoolExecutor(args.jobs)
    futures = [pool.submit(_run, j) for j in jobs]
    cut = False
    try:
        for fut in as_completed(futures, timeout=args.deadline or None):
            try:
                r = fut.result()
            except Exception as exc:  # a pool worker died (BrokenProcessPool): say so, go on
                print(f"a mutant's worker failed: {type(exc).__name__}: {exc}", flush=True)
                continue
            results.append(r)
            if jsonl:
                with jsonl.open("a") as f:
                    f.write(json.dumps(r) + "\n")
            print(f"[{len(results)}/{len(jobs)} {time.time() - t0:.0f}s] {r['mutant']}: {r['verdict']}"
                  f"{' (equivalent)' if r['equivalent'] else ''}{' (harness error)' if r['harness_error'] else ''}", flush=True)
    except TimeoutError:  # --deadline: judge what finished; mutants still running are dropped
        cut = True
        print(f"deadline {args.deadline}s: {len(results)} of {len(jobs)} finished", flush=True)
    if cut:  # the pool's processes still verifying are this script's own: end them
        for proc in list(getattr(pool, "_processes", {}).values()):
            proc.kill()
    pool.shutdown(wait=not cut, cancel_futures=True)
    errors = [r for r in results if r["harness_error"]]
    results = list(earlier.values()) + [r for r in results if not r["harness_error"]]
    base = {r["kernel"]: r for r in results if r["operator"] == "original"}
    results = [r for r in results if r["operator"] != "original"]
    excluded = []
    if not args.no_baseline:  # only mutants of kernels whose original passed here
        excluded = [r for r in results if r["kernel"] not in base or base[r["kernel"]]["caught"]]
        results = [r for r in results if r not in excluded]
        for k, b in sorted(base.items()):
            if b["caught"]:
                print(f"  original rejected, its mutants left out: {k}: {b['verdict']} {b['summary'][:160]}")
        unjudged = sorted({r["kernel"] for r in excluded if r["kernel"] not in base})
        if unjudged:
            print(f"  original not judged (cut), mutants left out: {', '.join(unjudged)}")
    total = len(results)
    equivalent = sum(r["equivalent"] for r in results)
    caught = sum(r["caught"] for r in results)
    caught_off = sum(r["caught_no_bounds"] for r in results)
    missed = [r for r in results if not r["caught"] and not r["equivalent"]]
    missed_off = [r for r in results if not r["caught_no_bounds"] and not r["equivalent"]]
    rate, rate_off = caught / max(1, total - equivalent), caught_off / max(1, total - equivalent)
    by_op: dict[str, list[int]] = {}
    for r in results:
        s = by_op.setdefault(r["operator"], [0, 0, 0, 0, 0])
        s[0] += 1
        s[1] += r["caught"]
        s[2] += r["caught_no_bounds"]
        s[3] += r["bounds_finding"]
        s[4] += r["equivalent"]
    print(f"{'operator':14s} {'mutants':>8s} {'caught':>7s} {'no-bnd':>7s} {'bounds':>7s} {'equiv':>6s}")
    for op, (n, c, co, b, q) in sorted(by_op.items()):
        print(f"{op:14s} {n:8d} {c:7d} {co:7d} {b:7d} {q:6d}")
    for r in errors:
        print(f"  harness error (not counted): {r['mutant']}: {r['summary']}")
    print(f"\nmutants {total}, equivalent (bitwise-identical survivors) {equivalent}; "
          f"bounds check on: caught {caught}, missed {len(missed)}, kill rate {rate:.1%}; "
          f"off: caught {caught_off}, missed {len(missed_off)}, kill rate {rate_off:.1%}; wall {time.time() - t0:.0f} s")
    for r in missed:
        print(f"  missed: {r['mutant']} ({r['kernel']}, line {r['line']}: {r['source_line']})\n{r['diff']}")
    for r in missed_off:
        if r not in missed:
            print(f"  missed without the bounds check: {r['mutant']} ({r['kernel']}, line {r['line']}: "
                  f"{r['source_line']})\n{r['diff']}")
    classes: dict[str, int] = {}
    for r in results:
        if r["caught"]:
            classes[str(r["failure_class"])] = classes.get(str(r["failure_class"]), 0) + 1
    print("caught by failure class: " + ", ".join(f"{k} {v}" for k, v in sorted(classes.items(), key=lambda kv: -kv[1])))
    summary = {"planned": planned, "resumed": len(earlier), "cut_at_deadline": cut,
               "originals": list(base.values()), "excluded_no_baseline": excluded, "wall_s": round(time.time() - t0, 1), "harness_errors": errors, "mutants": total, "equivalent": equivalent, "caught": caught, "missed": len(missed),
               "detection_rate": rate, "caught_no_bounds": caught_off, "missed_no_bounds": len(missed_off),
               "detection_rate_no_bounds": rate_off, "by_operator": by_op, "by_failure_class": classes,
               "results": results}
    if args.out:
        args.out.write_text(json.dumps(summary, indent=1))
    if cut:  # nothing left to wait for
        sys.stdout.flush()
        os._exit(0)


if __name__ == "__main__":
    main()
