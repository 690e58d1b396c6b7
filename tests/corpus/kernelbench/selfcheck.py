"""Self-check of the KernelBench-style corpus, following KernelBench's own correctness protocol.

For each manifest entry and each seed in 0..2 (KernelBench's eval_kernel_against_ref):

    torch.manual_seed(seed); init = get_init_inputs()
    torch.manual_seed(seed); ref = Model(*init)          # under torch.no_grad()
    torch.manual_seed(seed); new = ModelNew(*init)       # same seed: same nn.Linear / randn draws
    torch.manual_seed(seed); inputs = get_inputs()
    torch.allclose(ref(*inputs), new(*inputs), atol=tol, rtol=tol)   # plus shape and dtype

No state_dict is copied from Model into ModelNew: a candidate that folds weights in __init__ is
judged on what it built from the same random draws. Models stay in training mode, as in KernelBench.

Default: small shapes on the CPU under the Triton interpreter (TRITON_INTERPRET=1), tol 1e-4.
--shapes: also the small problems with their module-level size constants rewritten to odd values,
value + 1, small primes and 1 (axes such as reduce_dim and counts such as num_groups are kept), plus,
for GroupNorm problems, primes with out_features a multiple of num_groups; a variant the reference
itself rejects is reported as skipped.
--large: the entries' reference_large problems on CUDA, tol 1e-2 (KernelBench's current fp32
tolerance; whether 1e-4 holds too is printed). Standalone: imports torch, triton and yaml only.

    .venv/bin/python tests/corpus/kernelbench/selfcheck.py [--shapes] [--large] [--only NAME ...] [--json FILE]
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import os
import sys
import re
import time
import traceback
from pathlib import Path

HERE = Path(__file__).resolve().parent
SEEDS = (0, 1, 2)


def _parse_args(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--large", action="store_true", help="run the large references on CUDA")
    ap.add_argument("--shapes", action="store_true", help="also run boundary-shape variants of the small problems")
    ap.add_argument("--only", nargs="*", default=[], help="candidate file stems to run (default: all)")
    ap.add_argument("--tol", type=float, default=None, help="atol = rtol (default 1e-4 small, 1e-2 large)")
    ap.add_argument("--json", type=Path, default=None, help="write the results here")
    return ap.parse_args(argv)


ARGS = _parse_args()
if not ARGS.large:
    os.environ["TRITON_INTERPRET"] = "1"  # before triton is imported anywhere

import torch  # noqa: E402
import yaml  # noqa: E402

_counter = 0


def _load(path: Path, overrides: dict | None = None):
    global _counter
    _counter += 1
    name = f"kb_selfcheck_{_counter}_{path.stem}"
    if not overrides:
        spec = importlib.util.spec_from_file_location(name, path)
        mod = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(mod)
        return mod
    source = path.read_text()
    for const, value in overrides.items():
        source = re.sub(rf"^{const} = .*$", f"{const} = {value}", source, count=1, flags=re.M)
    mod = type(sys)(name)
    mod.__file__ = str(path)
    sys.modules[name] = mod
    exec(compile(source, str(path), "exec"), mod.__dict__)
    return mod


# Module-level ints that name an axis or a count of groups are semantics, not sizes.
_NOT_SIZES = ("reduce_dim", "num_groups")
_PRIMES = (7, 13, 17, 19, 23, 29, 31)


def shape_variants(reference: Path) -> list[tuple[str, dict]]:
    """(name, {constant: new literal}) for the reference's module-level size constants."""
    sizes = []
    for m in re.finditer(r"^(\w+) = (\d+|\((\d+),\))\s*$", reference.read_text(), flags=re.M):
        name, value, tup = m.group(1), m.group(2), m.group(3)
        if name in _NOT_SIZES:
            continue
        sizes.append((name, int(tup or value), tup is not None))
    def lit(v, tup):
        return f"({v},)" if tup else str(v)
    variants = {
        "odd": {n: lit(max(3, (v * 3) // 5) | 1, t) for n, v, t in sizes},
        "plus_one": {n: lit(v + 1, t) for n, v, t in sizes},
        "primes": {n: lit(_PRIMES[i % len(_PRIMES)], t) for i, (n, v, t) in enumerate(sizes)},
        "ones": {n: lit(1, t) for n, v, t in sizes},
    }
    groups = re.search(r"^num_groups = (\d+)\s*$", reference.read_text(), flags=re.M)
    if groups:  # sizes that GroupNorm accepts: channel counts stay multiples of num_groups, odd group sizes
        g = int(groups.group(1))
        variants["group_multiple"] = {n: lit(_PRIMES[i % len(_PRIMES)] * (g if "features" in n and "out" in n else 1), t)
                                      for i, (n, v, t) in enumerate(sizes)}
    return list(variants.items()) if sizes else []


def _outputs(result):
    return list(result) if isinstance(result, (tuple, list)) else [result]


def _to(x, device):
    return x.to(device) if isinstance(x, torch.Tensor) else x


class ReferenceRejects(Exception):
    pass


def check(entry: dict, reference: Path, device: str, tol: float, overrides: dict | None = None) -> dict:
    ref_mod = _load(reference, overrides)
    cand_mod = _load(HERE / entry["path"])
    trials = []
    for seed in SEEDS:
        torch.manual_seed(seed)
        init = list(ref_mod.get_init_inputs()) if hasattr(ref_mod, "get_init_inputs") else []
        init = [_to(x, device) for x in init]
        with torch.no_grad():
            torch.manual_seed(seed)
            try:
                ref = ref_mod.Model(*init).to(device)
            except Exception as exc:
                if overrides:
                    raise ReferenceRejects(f"{type(exc).__name__}: {exc}") from None
                raise
            torch.manual_seed(seed)
            new = cand_mod.ModelNew(*init).to(device)
        torch.manual_seed(seed)
        inputs = [_to(x, device) for x in ref_mod.get_inputs()]
        with torch.no_grad():
            try:
                expected = _outputs(ref(*inputs))
            except Exception as exc:
                if overrides:
                    raise ReferenceRejects(f"{type(exc).__name__}: {exc}") from None
                raise
            got = _outputs(new(*inputs))
        if device == "cuda":
            torch.cuda.synchronize()
        trial = {"seed": seed, "ok": True, "max_abs_diff": 0.0, "ok_1e-4": True}
        if len(expected) != len(got):
            trial.update(ok=False, error=f"{len(got)} outputs, expected {len(expected)}")
        for e, g in zip(expected, got):
            if not isinstance(g, torch.Tensor) or g.shape != e.shape or g.dtype != e.dtype:
                trial.update(ok=False, error=f"got {getattr(g, 'shape', type(g))} {getattr(g, 'dtype', '')}, "
                                             f"expected {tuple(e.shape)} {e.dtype}")
                break
            diff = (g.double() - e.double()).abs()
            trial["max_abs_diff"] = max(trial["max_abs_diff"], float(diff.max()) if diff.numel() else 0.0)
            trial["ok"] &= bool(torch.allclose(g, e, atol=tol, rtol=tol))
            trial["ok_1e-4"] &= bool(torch.allclose(g, e, atol=1e-4, rtol=1e-4))
        trials.append(trial)
        del ref, new, inputs, expected, got
        if device == "cuda":
            torch.cuda.empty_cache()
    return {"ok": all(t["ok"] for t in trials), "trials": trials}


def main() -> int:
    manifest = yaml.safe_load((HERE / "manifest.yaml").read_text())["candidates"]
    device = "cuda" if ARGS.large else "cpu"
    tol = ARGS.tol if ARGS.tol is not None else (1e-2 if ARGS.large else 1e-4)
    if ARGS.large and not torch.cuda.is_available():
        print("selfcheck --large needs a CUDA device", file=sys.stderr)
        return 2
    mode = f"large shapes on {torch.cuda.get_device_name() if ARGS.large else 'cpu'}" if ARGS.large \
        else "small shapes, TRITON_INTERPRET=1"
    print(f"KernelBench protocol, seeds {list(SEEDS)}, atol=rtol={tol:g}, {mode}")
    results, failed = [], 0
    for entry in manifest:
        stem = Path(entry["path"]).stem
        if ARGS.only and stem not in ARGS.only:
            continue
        ref = entry.get("reference_large") if ARGS.large else entry["reference"]
        if not ref:
            continue
        runs = [("default", None)]
        if ARGS.shapes and not ARGS.large:
            runs += shape_variants(HERE / ref)
        for variant, overrides in runs:
            failed += _run_one(entry, ref, variant, overrides, device, tol, results)
    print(f"{len(results) - failed}/{len(results)} as expected")
    if ARGS.json:
        ARGS.json.write_text(json.dumps({"tol": tol, "device": device, "results": results}, indent=1))
    return 1 if failed else 0


def _run_one(entry, ref, variant, overrides, device, tol, results) -> int:
    start = time.monotonic()
    try:
        res = check(entry, HERE / ref, device, tol, overrides)
    except ReferenceRejects as exc:
        print(f"SKIP  {entry['path']:<44} {ref + ' ' + variant:<44} the reference rejects {overrides}: {exc}")
        return 0
    except Exception as exc:
        res = {"ok": False, "error": f"{type(exc).__name__}: {exc}", "trace": traceback.format_exc()[-2000:]}
    res.update(path=entry["path"], reference=ref, variant=variant, overrides=overrides,
               seconds=round(time.monotonic() - start, 2))
    if variant != "default":
        ref = f"{ref} {variant}"
    ok = res["ok"] == (entry["expect"] == "pass")
    diffs = ", ".join(f"{t['max_abs_diff']:.2e}" for t in res.get("trials", []))
    strict = "" if not ARGS.large or not res.get("trials") else \
        ("  (1e-4 holds)" if all(t["ok_1e-4"] for t in res["trials"]) else "  (1e-4 does not hold)")
    print(f"{'PASS' if res['ok'] else 'FAIL'}  {entry['path']:<44} {ref:<44} max|diff| per seed: "
          f"{diffs or res.get('error')}{strict}  [{res['seconds']}s]", flush=True)
    for t in res.get("trials", []):
        if "error" in t:
            print(f"      seed {t['seed']}: {t['error']}")
    if "trace" in res:
        print(res["trace"])
    results.append(res)
    return int(not ok)


if __name__ == "__main__":
    sys.exit(main())
