"""Verification speed: seconds per `kagent verify` on the correct corpus, against a plain
KernelBench-style check (five seeded trials, torch.allclose at KernelBench's tolerances, one fresh
process per kernel, as a harness runs it).

    python benchmarks/verify_speed.py [--device cpu|cuda] [--limit N] [--out results.json]
    python benchmarks/verify_speed.py --bounds-cost [--repeats R] [--limit N] [--out results.json]
    python benchmarks/verify_speed.py --interpreter-cost [--repeats R] [--limit N] [--out results.json]

Prints, per kernel: kagent verify with a cold reference cache, with a warm one (the reference is
computed once per run), warm with anti-cheat off (what anti-cheat costs), the KernelBench-style
check, the ratios, and "loop": warm with the worker started ahead, as the repair loop verifies
(`prewarm`, LOOP_GAP_S after the previous verify, as a repair's search takes; on the CPU workers are
forked from a warm server instead, so loop = warm there).

`--bounds-cost` (CPU) measures what the Triton interpreter's bounds check (verifiers/bounds.py)
costs: per kernel, the candidate's forward on the problem's inputs in one process with the check
switched off and on in turn (median of max(15, 5R) calls each), and warm `kagent verify` with the
check on and off (alternating, median of R each).

`--interpreter-cost` (CPU) measures what kagent's cheaper re-patching of the interpreter
(verifiers/interpreter_speed.py) saves: per kernel, the candidate's forward on the problem's inputs
and on 16x its first input's rows where that is a size constant, in a fresh process with Triton's
own patching and one with kagent's (median of max(5, 2R) calls each), outputs compared bitwise.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parents[1]
# between two verifies a repair screens candidates (seconds): time enough for the spare worker to start
LOOP_GAP_S = 8.0
CORPUS = ROOT / "tests" / "corpus"

_KERNELBENCH_STYLE = r'''
import sys, torch
from kagent.tools.problem import exec_module
from pathlib import Path
cand, ref, device = Path(sys.argv[1]), Path(sys.argv[2]), sys.argv[3]
r = exec_module(ref, "ref")
c = r if cand == ref else exec_module(cand, "cand")
init = r.get_init_inputs()
torch.manual_seed(42); model = r.Model(*init).to(device)
torch.manual_seed(42); new = c.ModelNew(*init).to(device)
ok = True
for trial in range(5):
    torch.manual_seed(trial)
    inputs = [x.to(device) if isinstance(x, torch.Tensor) else x for x in r.get_inputs()]
    with torch.no_grad():
        a, b = model(*inputs), new(*inputs)
    tol = 1e-2 if a.dtype in (torch.float16, torch.bfloat16) else 1e-4
    ok &= a.shape == b.shape and torch.allclose(a, b, atol=tol, rtol=tol)
print("PASS" if ok else "FAIL")
'''


def kernelbench_style(cand: Path, ref: Path, device: str) -> float:
    env = {**os.environ}
    if device == "cpu":
        env["TRITON_INTERPRET"] = "1"
    t = time.perf_counter()
    subprocess.run([sys.executable, "-P", "-c", _KERNELBENCH_STYLE, str(cand), str(ref), device], check=True,
                   capture_output=True, timeout=600, env=env, cwd=ROOT)
    return time.perf_counter() - t


_FORWARD_COST = r'''
import json, os, statistics, sys, time
os.environ["TRITON_INTERPRET"] = "1"
import torch
from kagent.tools.problem import exec_module
from kagent.verifiers import bounds
from pathlib import Path
cand, ref, repeats = Path(sys.argv[1]), Path(sys.argv[2]), int(sys.argv[3])
r = exec_module(ref, "ref")
c = r if cand == ref else exec_module(cand, "cand")
torch.manual_seed(0)
inputs, init = r.get_inputs(), r.get_init_inputs()
model = c.ModelNew(*init)

def timed(on):
    bounds.set_enabled(on)
    t = time.perf_counter()
    with torch.no_grad():
        model(*inputs)
    return time.perf_counter() - t

bounds.install()
model(*inputs)  # first call: the interpreter rewrites the kernel
times = {False: [], True: []}
for _ in range(repeats):  # interleaved, so that a busy machine slows both alike
    for on in (False, True):
        times[on].append(timed(on))
# the check's own share of a forward: time inside it over the whole call (robust on a busy machine)
inside = [0.0]

def clocked(fn):
    def wrapper(*args):
        t = time.perf_counter()
        try:
            return fn(*args)
        finally:
            inside[0] += time.perf_counter() - t
    return wrapper

bounds._check, bounds._launch_of = clocked(bounds._check), clocked(bounds._launch_of)
bounds.set_enabled(True)
t = time.perf_counter()
for _ in range(repeats):
    with torch.no_grad():
        model(*inputs)
total = time.perf_counter() - t
print(json.dumps({"off_s": statistics.median(times[False]), "on_s": statistics.median(times[True]),
                  "check_share": inside[0] / total}))
'''


_INTERP_COST = r'''
import json, os, statistics, sys, time
os.environ["TRITON_INTERPRET"] = "1"
import torch
from kagent.tools.problem import exec_module
from kagent.verifiers import interpreter_speed
from pathlib import Path
cand, ref, repeats, fast, rows = Path(sys.argv[1]), Path(sys.argv[2]), int(sys.argv[3]), sys.argv[4] == "1", int(sys.argv[5])
if fast:
    interpreter_speed.install()
r = exec_module(ref, "ref")
c = r if cand == ref else exec_module(cand, "cand")
torch.manual_seed(0)
inputs, init = r.get_inputs(), r.get_init_inputs()
if rows > 1:  # more rows of the first input: a grid of many programs, as the rows-past-grid-cap case has
    inputs = [torch.cat([x] * rows) if i == 0 and isinstance(x, torch.Tensor) and x.dim() >= 2 else x
              for i, x in enumerate(inputs)]
torch.manual_seed(0)
model = c.ModelNew(*init)
with torch.no_grad():
    out = model(*inputs)  # first call: the interpreter rewrites the kernel
times = []
for _ in range(repeats):
    t = time.perf_counter()
    with torch.no_grad():
        model(*inputs)
    times.append(time.perf_counter() - t)
torch.save(out, sys.argv[6])
print(json.dumps({"s": statistics.median(times)}))
'''


def interpreter_cost(entries: list[dict], repeats: int) -> list[dict]:
    import torch

    rows = []
    print(f"{'kernel':28s} {'inputs':>7s} {'triton ms':>10s} {'kagent ms':>10s} {'speed-up':>9s} {'same':>5s}")
    for e in entries:
        cand = CORPUS / e["path"]
        ref = CORPUS / e["reference"] if e.get("reference") else cand
        for scale in (1, 16):
            got = {}
            with tempfile.TemporaryDirectory() as tmp:
                for fast in ("0", "1"):
                    out = Path(tmp) / f"out{fast}.pt"
                    res = subprocess.run([sys.executable, "-c", _INTERP_COST, str(cand), str(ref), str(max(5, 2 * repeats)),
                                          fast, str(scale), str(out)], capture_output=True, text=True, timeout=1200, cwd=ROOT)
                    if res.returncode != 0:
                        got = {}
                        break
                    got[fast] = (json.loads(res.stdout.strip().splitlines()[-1])["s"], torch.load(out))
            if not got:
                continue
            (plain, a), (patched, b) = got["0"], got["1"]
            same = all(torch.equal(x, y) for x, y in zip(a if isinstance(a, (list, tuple)) else [a],
                                                          b if isinstance(b, (list, tuple)) else [b]))
            rows.append({"kernel": e["path"], "rows_x": scale, "triton_s": plain, "kagent_s": patched, "same": same})
            print(f"{Path(e['path']).stem:28s} {'x' + str(scale):>7s} {plain * 1e3:10.1f} {patched * 1e3:10.1f} "
                  f"{plain / patched:9.2f} {str(same):>5s}", flush=True)
    for scale in (1, 16):
        sel = [r for r in rows if r["rows_x"] == scale]
        if sel:
            med = statistics.median(r["triton_s"] / r["kagent_s"] for r in sel)
            print(f"median speed-up, inputs x{scale}: {med:.2f}x over {len(sel)} kernels; all outputs bitwise equal: "
                  f"{all(r['same'] for r in sel)}")
    return rows


def bounds_cost(entries: list[dict], repeats: int) -> list[dict]:
    from kagent.api import verify

    rows = []
    print(f"{'kernel':28s} {'fwd off ms':>10s} {'fwd on ms':>10s} {'fwd on/off':>10s} {'check share':>11s} "
          f"{'verify off s':>12s} {'verify on s':>11s} {'on - off s':>10s}")
    for e in entries:
        cand = CORPUS / e["path"]
        ref = CORPUS / e["reference"] if e.get("reference") else cand
        out = subprocess.run([sys.executable, "-c", _FORWARD_COST, str(cand), str(ref), str(max(15, 5 * repeats))],
                             capture_output=True, text=True, timeout=600, cwd=ROOT, check=True)
        fwd = json.loads(out.stdout.strip().splitlines()[-1])
        reference = None if ref == cand else ref
        verify(cand, reference, device="cpu")  # warm the reference cache
        times: dict[bool, list[float]] = {True: [], False: []}
        for _ in range(repeats):
            for on in (False, True):
                t = time.perf_counter()
                rep = verify(cand, reference, device="cpu", bounds_check=on)
                times[on].append(time.perf_counter() - t)
                assert rep.verdict == "pass", rep.summary
        off_s, on_s = statistics.median(times[False]), statistics.median(times[True])
        rows.append({"kernel": e["path"], "forward_off_s": fwd["off_s"], "forward_on_s": fwd["on_s"],
                     "check_share": fwd["check_share"],
                     "verify_off_s": off_s, "verify_on_s": on_s, "verify_off_all": times[False], "verify_on_all": times[True]})
        print(f"{Path(e['path']).stem:28s} {fwd['off_s'] * 1e3:10.1f} {fwd['on_s'] * 1e3:10.1f} "
              f"{fwd['on_s'] / fwd['off_s']:10.3f} {fwd['check_share']:11.1%} {off_s:12.2f} {on_s:11.2f} "
              f"{on_s - off_s:10.2f}", flush=True)
    ratio = statistics.median(r["forward_on_s"] / r["forward_off_s"] for r in rows)
    extra = statistics.median(r["verify_on_s"] - r["verify_off_s"] for r in rows)
    rel = statistics.median(r["verify_on_s"] / r["verify_off_s"] for r in rows)
    share = statistics.median(r["check_share"] for r in rows)
    print(f"\nmedian: forward with the check / without {ratio:.3f}x; time inside the check {share:.1%} of a forward; "
          f"warm verify on - off {extra:+.2f} s ({rel:.3f}x)")
    return rows


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--device", default="cpu")
    ap.add_argument("--limit", type=int, default=0)
    ap.add_argument("--bounds-cost", action="store_true", help="what the interpreter's bounds check costs (CPU)")
    ap.add_argument("--interpreter-cost", action="store_true", help="what the cheaper interpreter patching saves (CPU)")
    ap.add_argument("--repeats", type=int, default=3)
    ap.add_argument("--out", type=Path)
    args = ap.parse_args()
    os.environ["KAGENT_CACHE_DIR"] = tempfile.mkdtemp(prefix="kagent-speed-")  # cold start
    from kagent.api import verify
    from kagent.config import VerifyConfig

    entries = [e for e in yaml.safe_load((CORPUS / "manifest.yaml").read_text()) if e["expect"] == "pass"]
    if args.limit:
        entries = entries[: args.limit]
    if args.interpreter_cost:
        rows = interpreter_cost(entries, args.repeats)
        if args.out:
            args.out.write_text(json.dumps({"device": "cpu", "mode": "interpreter_cost", "rows": rows}, indent=1))
        return
    if args.bounds_cost:
        rows = bounds_cost(entries, args.repeats)
        if args.out:
            args.out.write_text(json.dumps({"device": "cpu", "mode": "bounds_cost", "rows": rows}, indent=1))
        return
    rows = []
    print(f"{'kernel':28s} {'cold s':>7s} {'warm s':>7s} {'no-AC s':>7s} {'KB-style s':>10s} {'warm/KB':>8s} {'verdict':>8s}"
          f" {'loop s':>7s} {'loop/KB':>7s}")
    for e in entries:
        cand = CORPUS / e["path"]
        ref = CORPUS / e["reference"] if e.get("reference") else cand
        # one seed for the three runs, as in a repair run (a plain `kagent verify` draws a fresh one: cold)
        pinned = {"seed": 1234} if "seed" in VerifyConfig.model_fields else {}
        t = time.perf_counter()
        r = verify(cand, None if ref == cand else ref, device=args.device, timing=False, **pinned)
        cold = time.perf_counter() - t
        t = time.perf_counter()
        w = verify(cand, None if ref == cand else ref, device=args.device, timing=False, **pinned)
        warm = time.perf_counter() - t
        t = time.perf_counter()
        verify(cand, None if ref == cand else ref, device=args.device, timing=False, anticheat=False, **pinned)
        no_ac = time.perf_counter() - t
        # a repair loop's verifies: each starts the next one's workers when it is done (prewarm); the first
        # primes, the second (after the search's gap, while the workers start) is measured
        verify(cand, None if ref == cand else ref, device=args.device, timing=False, prewarm=True, **pinned)
        time.sleep(LOOP_GAP_S)
        t = time.perf_counter()
        lw = verify(cand, None if ref == cand else ref, device=args.device, timing=False, prewarm=True, **pinned)
        loop = time.perf_counter() - t
        kb = kernelbench_style(cand, ref, args.device)
        rows.append({"kernel": e["path"], "cold_s": cold, "warm_s": warm, "warm_no_anticheat_s": no_ac, "kernelbench_s": kb,
                     "loop_s": loop, "verdict": r.verdict, "cases": len(r.cases), "warm_phases": w.phases,
                     "loop_phases": lw.phases})
        print(f"{Path(e['path']).stem:28s} {cold:7.2f} {warm:7.2f} {no_ac:7.2f} {kb:10.2f} {warm / kb:8.2f} {r.verdict:>8s}"
              f" {loop:7.2f} {loop / kb:7.2f}", flush=True)
        print("  warm phases: " + ", ".join(f"{k} {v:.2f}" for k, v in w.phases.items()), flush=True)
        print("  loop phases: " + ", ".join(f"{k} {v:.2f}" for k, v in lw.phases.items()), flush=True)
        if args.out:  # after every kernel: a run cut short keeps what it measured
            args.out.write_text(json.dumps({"device": args.device, "rows": rows}, indent=1))
    med = {k: statistics.median(r[k] for r in rows) for k in ("cold_s", "warm_s", "warm_no_anticheat_s", "kernelbench_s",
                                                                "loop_s")}
    ac = statistics.median(r["warm_s"] - r["warm_no_anticheat_s"] for r in rows)
    print(f"\nmedian: cold {med['cold_s']:.2f} s, warm {med['warm_s']:.2f} s, KernelBench-style {med['kernelbench_s']:.2f} s; "
          f"warm/KB {med['warm_s'] / med['kernelbench_s']:.2f}x (kagent runs {rows[0]['cases'] if rows else 0} cases with "
          "canaries, determinism and anti-cheat; KB-style runs 5 trials of one shape); "
          f"anti-cheat adds {ac:.2f} s per verify (median of warm - warm without it); in a repair loop (a worker "
          f"started ahead, as the loop runs) {med['loop_s']:.2f} s, {med['loop_s'] / med['kernelbench_s']:.2f}x")
    if args.out:
        args.out.write_text(json.dumps({"device": args.device, "median": med, "rows": rows}, indent=1))


if __name__ == "__main__":
    main()
