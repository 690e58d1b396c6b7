"""Benchmark `kagent lower --to ptx` on the corpus (H200): per kernel, registers, Triton ms, PTX ms,
ratio and the bitwise verdict at the timing shape of tests/gpu, the host-side launch overhead of
both launchers (us per forward call, no synchronisation), and the ratio again at a larger size
where launch overhead is amortised. Prints a table and writes JSON to the path given as argv[1].

    python benchmarks/lower_gpu.py out.json [kernel ...]
"""

import json
import sys
import tempfile
import time
from pathlib import Path


# a larger size per kernel: kernel time well above the launch overhead
LARGE_SHAPES = {
    "vector_add": {"N": 1 << 27},
    "relu": {"batch_size": 16384, "dim": 16384},
    "gelu": {"batch_size": 16384, "dim": 16384},
    "softmax": {"batch_size": 1 << 19},
    "layernorm": {"batch_size": 1 << 19},
    "cross_entropy": {"batch_size": 1 << 19},
    "rmsnorm": {"batch_size": 1 << 19},
    "matmul_fp16": {"M": 8192, "N": 8192, "K": 8192},
    "row_sum": {"batch_size": 16384},
}


def main(argv: list[str]) -> int:
    if not argv:
        print(__doc__)
        return 2
    out_json = Path(argv[0])
    root = Path(__file__).resolve().parents[1]
    sys.path.insert(0, str(root / "tests" / "gpu"))
    corpus = root / "tests" / "corpus" / "lowering"
    names = argv[1:] or sorted(p.name for p in corpus.iterdir() if (p / "candidate.py").is_file())
    from kagent.agents.lowering import lower
    from kagent.tools.ptx_launch import differential
    from test_lower_gpu import TIMING_SHAPES

    import torch
    import triton

    rows = []
    for name in names:
        d = corpus / name
        t0 = time.time()
        with tempfile.TemporaryDirectory() as tmp:
            rep = lower(d / "candidate.py", d / "reference.py", out_dir=tmp, device="cuda", timing=False, seeds=2)
            cap = [k for k in rep.kernels if k.role == "captured" and "problem" in k.cases]  # the problem's own shapes
            row = {"kernel": name, "status": rep.status, "registers": cap[0].registers if cap else None,
                   "spills": cap[0].spill_stores if cap else None, "shapes": TIMING_SHAPES.get(name, {}),
                   "equivalence_small": rep.differential.verdict if rep.differential else "not run"}
            if rep.status == "ok":
                big = differential(rep.manifest, d / "candidate.py", d / "reference.py", seeds=1, timing=True,
                                   timing_runs=100, overrides=TIMING_SHAPES.get(name))
                row.update(equivalence=big.verdict, triton_ms=big.timing.triton_ms, ptx_ms=big.timing.ptx_ms,
                           ratio=big.timing.ratio, triton_spread=big.timing.triton_spread,
                           ptx_spread=big.timing.ptx_spread, captured_variant_used=sorted(big.launch_counts)
                           == sorted(k.key for k in cap), triton_launch_us=big.timing.triton_launch_us,
                           ptx_launch_us=big.timing.ptx_launch_us)
                if name in LARGE_SHAPES:
                    large = differential(rep.manifest, d / "candidate.py", d / "reference.py", seeds=1, timing=True,
                                         timing_runs=30, overrides=LARGE_SHAPES[name])
                    if large.timing is not None:
                        row.update(large_shapes=LARGE_SHAPES[name], large_equivalence=large.verdict,
                                   large_triton_ms=large.timing.triton_ms, large_ptx_ms=large.timing.ptx_ms,
                                   large_ratio=large.timing.ratio)
        row["seconds"] = round(time.time() - t0, 1)
        rows.append(row)
        print(f"{name:15s} regs={row.get('registers')!s:4s} triton={row.get('triton_ms') or float('nan'):.4f} ms "
              f"ptx={row.get('ptx_ms') or float('nan'):.4f} ms ratio={row.get('ratio') or float('nan'):.4f} "
              f"launch us {row.get('triton_launch_us') or float('nan'):.1f}/{row.get('ptx_launch_us') or float('nan'):.1f} "
              f"large ratio={row.get('large_ratio') or float('nan'):.4f} {row.get('equivalence')}", flush=True)
    print()
    print("| kernel | registers | Triton ms | PTX ms | ratio | launch us Triton/PTX | large: Triton ms | PTX ms | ratio | bitwise |")
    print("|---|---|---|---|---|---|---|---|---|---|")
    for r in rows:
        f = lambda x: f"{x:.4f}" if isinstance(x, float) else str(x)  # noqa: E731
        print(f"| {r['kernel']} | {r.get('registers')} | {f(r.get('triton_ms'))} | {f(r.get('ptx_ms'))} | "
              f"{f(r.get('ratio'))} | {f(r.get('triton_launch_us'))}/{f(r.get('ptx_launch_us'))} | "
              f"{f(r.get('large_triton_ms'))} | {f(r.get('large_ptx_ms'))} | {f(r.get('large_ratio'))} | "
              f"{r.get('equivalence')} |")
    meta = {"gpu": torch.cuda.get_device_name(0), "torch": torch.__version__, "triton": triton.__version__}
    out_json.write_text(json.dumps({"meta": meta, "rows": rows}, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
