"""An optimization loop that calls kagent when its own candidate fails (runs offline, on CPU).

    python examples/optimization_loop.py [--quick]

The loop "optimizes" a Triton row-sum by trying launch variants (rows per program). Its
generator has a bug an LLM might make: the wider variants drop the row mask. Every candidate is
verified with kagent.verify; a failing one is handed to kagent.repair under a token budget, and
the loop keeps whatever passes.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path

import kagent
from kagent.config import VerifyConfig

PROBLEM = '''import torch
import torch.nn as nn

n_rows = 37
n_cols = 96


class Model(nn.Module):
    def forward(self, x):
        return x.sum(dim=1, keepdim=True)


def get_inputs():
    return [torch.randn(n_rows, n_cols)]


def get_init_inputs():
    return []
'''

TEMPLATE = '''import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def row_sum(x_ptr, out_ptr, n_rows, n_cols, stride, ROWS: tl.constexpr, BLOCK: tl.constexpr):
    rows = tl.program_id(0) * ROWS + tl.arange(0, ROWS)
    cols = tl.arange(0, BLOCK)
    mask = {mask}
    x = tl.load(x_ptr + rows[:, None] * stride + cols[None, :], mask=mask, other=0.0)
    tl.store(out_ptr + rows, tl.sum(x, axis=1){store_mask})


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x):
        n_rows, n_cols = x.shape
        out = torch.empty(n_rows, 1, device=x.device, dtype=x.dtype)
        grid = (triton.cdiv(n_rows, {rows}),)
        row_sum[grid](x, out, n_rows, n_cols, x.stride(0), ROWS={rows}, BLOCK=triton.next_power_of_2(n_cols))
        return out
'''


def propose(rows: int) -> str:
    """The loop's own generator: wide variants 'save' the row mask (the bug)."""
    if rows <= 1:
        return TEMPLATE.format(mask="(rows[:, None] < n_rows) & (cols[None, :] < n_cols)",
                               store_mask=", mask=rows < n_rows", rows=rows)
    return TEMPLATE.format(mask="cols[None, :] < n_cols", store_mask="", rows=rows)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--quick", action="store_true", help="small verify suite and two variants")
    a = ap.parse_args(argv)
    cfg = VerifyConfig(device="cpu", seeds=1, stress=False, max_shape_cases=2) if a.quick else VerifyConfig()
    work = Path(tempfile.mkdtemp(prefix="kagent-opt-"))
    problem = work / "row_sum_problem.py"
    problem.write_text(PROBLEM)
    kept: list[tuple[int, Path]] = []
    for rows in ([1, 4] if a.quick else [1, 2, 4, 8]):
        cand = work / f"row_sum_rows{rows}.py"
        cand.write_text(propose(rows))
        report = kagent.verify(cand, problem, config=cfg)
        print(f"rows={rows}: {report.verdict} ({report.summary[:90]})")
        if report.verdict != "pass":
            fixed = kagent.repair(cand, problem, model="offline", token_budget=20_000, verify_config=cfg,
                                  runs_dir=work / "runs", max_attempts=6)
            print(f"  kagent.repair: {fixed.status}: {fixed.reason[:100]}")
            if fixed.status != "repaired":
                continue
            cand = Path(fixed.repaired_path)
        kept.append((rows, cand))
    print("verified variants:", ", ".join(f"rows={r}: {p}" for r, p in kept))
    return 0 if kept else 1


if __name__ == "__main__":
    sys.exit(main())
