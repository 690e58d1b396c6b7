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

Kill rates are reported with the interpreter's bounds check on and off. A verify with the check on
that reports no `interpreter.bounds` finding ran exactly as it would without the check, so only the
mutants the check flagged are verified again with it off.

A surviving mutant is checked against the original kernel bitwise on the problem's own inputs and on
odd shapes: identical outputs everywhere means the mutant is (most likely) equivalent — e.g. a
change in dead code — and it is excluded from the denominator; otherwise it is a miss.

A mutant that survives with the check on and is bitwise identical to the original is counted as
equivalent in both columns; one caught only by the bounds check counts as a miss with it off.

    python benchmarks/mutation.py [--per-kernel N] [--ops unmasked_load,tie_flip] [--jobs J] [--out results.json]
    python benchmarks/mutation.py --blind [--per-kernel N] [--limit M]   # unseen kernels: the blind set's twins
"""

from __future__ import annotations

import argparse
import ast
import copy
import json
import os
import random
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
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
same = True
for i, ov in enumerate(variants):
    rmod = exec_module(ref, f"r{i}", ov)
    a = exec_module(orig, f"a{i}", ov if orig == ref else None)
    b = exec_module(mut, f"b{i}", ov if orig == ref else None)
    for seed in (0, 1):
        torch.manual_seed(seed); inputs = rmod.get_inputs(); init = rmod.get_init_inputs()
        torch.manual_seed(seed); ma = a.ModelNew(*init)
        torch.manual_seed(seed); mb = b.ModelNew(*init)
        try:
            oa, ob = ma(*[x.clone() for x in inputs]), mb(*[x.clone() for x in inputs])
        except Exception:
            same = False; break
        oa = oa if isinstance(oa, (tuple, list)) else [oa]
        ob = ob if isinstance(ob, (tuple, list)) else [ob]
        for x, y in zip(oa, ob):
            if x.shape != y.shape or not torch.equal(torch.nan_to_num(x, 7.0), torch.nan_to_num(y, 7.0)):
                same = False
print(json.dumps({"bitwise_same": same}))
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
    args = ap.parse_args()

    from kagent.api import verify
    from kagent.verifiers.suite_ties import tie_sensitivity

    keep = {o for o in args.ops.split(",") if o}
    rng = random.Random(args.seed)
    work = Path(tempfile.mkdtemp(prefix="kagent-mut-"))
    jobs = []
    for kernel, src_path, ref in _kernels(not args.no_extra, args.blind):
        tree = ast.parse(src_path.read_text())
        sites = _sites(tree, tie_sensitivity(ref.read_text()) is not None)
        if keep:
            sites = [s for s in sites if s[0] in keep]
        if args.per_kernel:
            sites = rng.sample(sites, min(args.per_kernel, len(sites)))
        for k, (op, path) in enumerate(sites):
            text = _mutate(tree, op, path)
            if text is None:
                continue
            mpath = work / f"{src_path.stem}__m{k}_{op}.py"
            mpath.write_text(text)
            jobs.append((kernel, src_path, ref, mpath, op))

    if args.limit and len(jobs) > args.limit:
        jobs = rng.sample(jobs, args.limit)

    def run(job):
        name, orig, ref, mpath, op = job
        t = time.time()
        bounds = False
        try:
            r = verify(mpath, None if ref == orig else ref, device="cpu")
            verdict, cls, bounds = r.verdict, r.failure_class, _bounds_caught(r)
        except Exception as exc:  # a mutant that no longer loads is caught before any run
            verdict, cls = "error", type(exc).__name__
        caught = verdict != "pass"
        verdict_off, cls_off = verdict, cls
        if bounds:  # what kagent verify would have said without the check
            r = verify(mpath, None if ref == orig else ref, device="cpu", bounds_check=False)
            verdict_off, cls_off = r.verdict, r.failure_class
        equivalent = (not caught) and _bitwise_same(orig, mpath, ref)
        return {"kernel": name, "mutant": mpath.name, "operator": op, "verdict": verdict, "failure_class": cls,
                "caught": caught, "bounds_finding": bounds, "verdict_no_bounds": verdict_off,
                "failure_class_no_bounds": cls_off, "caught_no_bounds": verdict_off != "pass",
                "equivalent": equivalent, "seconds": round(time.time() - t, 2)}

    t0 = time.time()
    with ThreadPoolExecutor(args.jobs) as pool:
        results = list(pool.map(run, jobs))
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
    print(f"\nmutants {total}, equivalent (bitwise-identical survivors) {equivalent}; "
          f"bounds check on: caught {caught}, missed {len(missed)}, kill rate {rate:.1%}; "
          f"off: caught {caught_off}, missed {len(missed_off)}, kill rate {rate_off:.1%}; wall {time.time() - t0:.0f} s")
    for r in missed:
        print(f"  missed: {r['mutant']}")
    for r in missed_off:
        if r not in missed:
            print(f"  missed without the bounds check: {r['mutant']}")
    classes: dict[str, int] = {}
    for r in results:
        if r["caught"]:
            classes[str(r["failure_class"])] = classes.get(str(r["failure_class"]), 0) + 1
    print("caught by failure class: " + ", ".join(f"{k} {v}" for k, v in sorted(classes.items(), key=lambda kv: -kv[1])))
    summary = {"mutants": total, "equivalent": equivalent, "caught": caught, "missed": len(missed),
               "detection_rate": rate, "caught_no_bounds": caught_off, "missed_no_bounds": len(missed_off),
               "detection_rate_no_bounds": rate_off, "by_operator": by_op, "by_failure_class": classes,
               "results": results}
    if args.out:
        args.out.write_text(json.dumps(summary, indent=1))


if __name__ == "__main__":
    main()
