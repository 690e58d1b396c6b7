"""Special values go only where the reference reads: a batched tridiagonal solve whose reference builds a dense
matrix from lower[:, 1:] and upper[:, :-1] never reads lower[:, 0] or upper[:, -1]. A Thomas recurrence multiplies
lower[:, 0] by the zero before it (NaN * 0 = NaN), so a NaN planted there poisons an honest kernel's whole system
(blind set 33's twin failed so). The special case puts such a value back; the ones the reference reads stay."""

from __future__ import annotations

import math
from pathlib import Path

import torch

from kagent.api import verify
from kagent.verifiers.harness import _read_specials

REFERENCE = '''import torch
import torch.nn as nn

B = 40  # with 16 unknowns the special case's NaN for `lower` lands on lower[29, 0] (_with_special_values' draw)
N = 16


class Model(nn.Module):
    def forward(self, lower, diag, upper, rhs):
        a = torch.diag_embed(diag) + torch.diag_embed(lower[:, 1:], offset=-1) + torch.diag_embed(upper[:, :-1], offset=1)
        return torch.linalg.solve(a, rhs.unsqueeze(-1)).squeeze(-1)


def get_inputs():
    return [torch.randn(B, N), torch.rand(B, N) + 4.0, torch.randn(B, N), torch.randn(B, N)]


def get_init_inputs():
    return []
'''
KERNEL = '''import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def _thomas(lo_ptr, di_ptr, up_ptr, rhs_ptr, cp_ptr, dp_ptr, x_ptr, B, N: tl.constexpr, BLOCK: tl.constexpr):
    rows = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    live = rows < B
    base = rows * N
    c_prev = tl.zeros([BLOCK], tl.float32)
    d_prev = tl.zeros([BLOCK], tl.float32)
    for i in range(N):
        a = tl.load(lo_ptr + base + i, mask=live, other=0.0)
        b = tl.load(di_ptr + base + i, mask=live, other=1.0)
        c = tl.load(up_ptr + base + i, mask=live, other=0.0)
        d = tl.load(rhs_ptr + base + i, mask=live, other=0.0)
        denom = b - a * c_prev
        c_prev = c / denom
        d_prev = (d - a * d_prev) / denom
        tl.store(cp_ptr + base + i, c_prev, mask=live)
        tl.store(dp_ptr + base + i, d_prev, mask=live)
    x_next = tl.zeros([BLOCK], tl.float32)
    for j in range(N):
        i = N - 1 - j
        cp = tl.load(cp_ptr + base + i, mask=live, other=0.0)
        dp = tl.load(dp_ptr + base + i, mask=live, other=0.0)
        x = tl.where(j == 0, dp, dp - cp * x_next)
        tl.store(x_ptr + base + i, x, mask=live)
        x_next = x


class ModelNew(nn.Module):
    def forward(self, lower, diag, upper, rhs):
        lower, diag, upper, rhs = (t.contiguous() for t in (lower, diag, upper, rhs))
        bsz, n = diag.shape
        cp = torch.empty_like(diag)
        dp = torch.empty_like(diag)
        x = torch.empty_like(diag)
        _thomas[(triton.cdiv(bsz, 16),)](lower, diag, upper, rhs, cp, dp, x, bsz, N=n, BLOCK=16)
        return x
'''


class _Solve(torch.nn.Module):
    def forward(self, lower, diag, upper, rhs):
        a = torch.diag_embed(diag) + torch.diag_embed(lower[:, 1:], offset=-1) + torch.diag_embed(upper[:, :-1], offset=1)
        return torch.linalg.solve(a, rhs.unsqueeze(-1)).squeeze(-1)


def test_a_special_value_the_reference_never_reads_is_put_back_and_the_others_stay():
    torch.manual_seed(0)
    plain = [torch.randn(4, 6), torch.rand(4, 6) + 4.0, torch.randn(4, 6), torch.randn(4, 6)]
    special = [t.clone() for t in plain]
    special[0][1, 0] = math.nan  # outside the matrix
    special[0][2, 3] = math.inf  # inside
    special[2][3, 5] = -math.inf  # outside
    special[1][0, 2] = math.nan  # inside
    out = _read_specials(_Solve().double(), plain, special, "cpu")
    assert out[0][1, 0] == plain[0][1, 0] and out[0][2, 3] == math.inf
    assert out[2][3, 5] == plain[2][3, 5]
    assert math.isnan(out[1][0, 2]) and torch.equal(out[3], special[3])
    kept = [t.clone() for t in special]
    for t in kept:
        t[~torch.isfinite(t)] = 0.0
    kept[1][0, 2] = math.nan  # every special value read: the inputs themselves come back
    assert _read_specials(_Solve().double(), plain, kept, "cpu") is kept


def test_an_honest_thomas_kernel_passes_where_its_recurrence_reads_the_unused_entry(tmp_path):
    ref = tmp_path / "tridiagonal.py"
    ref.write_text(REFERENCE)
    cand = tmp_path / "thomas.py"
    cand.write_text(KERNEL)
    report = verify(cand, ref, device="cpu", seeds=1, shapes=False)
    assert report.verdict == "pass", report.summary
    # a near-miss (the back substitution's sign) still fails
    wrong = tmp_path / "thomas_nm.py"
    wrong.write_text(cand.read_text().replace("dp - cp * x_next", "dp + cp * x_next"))
    assert verify(wrong, ref, device="cpu", seeds=1, shapes=False, stress=False).verdict == "fail"


def test_elements_a_special_value_moves_by_less_than_an_ulp_are_still_reached():
    """An infinity on the sub-diagonal of a strongly dominant 60-row system: its effect on the last rows of the
    float64 solution is below their ulp, so a finite stand-in leaves them exactly where they were; a Thomas
    recurrence's NaN reaches them all the same (the blind twin failed on 9 such elements). Forward-mode AD
    says they depend on it."""
    from kagent.verifiers.harness import _special_reach

    torch.manual_seed(1)
    plain = [torch.randn(2, 60) * 0.2, torch.rand(2, 60) + 4.0, torch.randn(2, 60) * 0.2, torch.randn(2, 60)]
    special = [t.clone() for t in plain]
    special[0][0, 5] = -math.inf
    model = _Solve().double()
    truth = [model(*[t.double() for t in special])]
    moved = model(*[t.double() for t in plain]) != truth[0]
    assert not bool(moved[0, -5:].any())  # the stand-ins alone would leave these judged
    reach = _special_reach(model, plain, special, truth, None, "cpu")[0]["reach"]
    assert bool(reach[0].all()) and not bool(reach[1].any())
