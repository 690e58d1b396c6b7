"""Triton VICReg loss: one program per branch (x, y); each computes its column means, then the centred
variance and covariance tiles over row blocks, and adds its weighted terms atomically (branch 0 also
adds the invariance term)."""

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def vicreg_kernel(x_ptr, y_ptr, out_ptr, N, D, inv_n, inv_nm1, inv_d, inv_nd, sim_c, std_c, cov_c,
                  BLOCK_R: tl.constexpr, BLOCK_D: tl.constexpr):
    branch = tl.program_id(0)
    src = x_ptr if branch == 0 else y_ptr
    d = tl.arange(0, BLOCK_D)
    d_mask = d < D
    col_sum = tl.zeros((BLOCK_D,), dtype=tl.float32)
    sq_diff = tl.zeros((BLOCK_D,), dtype=tl.float32)
    for r0 in range(0, N, BLOCK_R):
        r = r0 + tl.arange(0, BLOCK_R)
        m2 = (r < N)[:, None] & d_mask[None, :]
        a = tl.load(src + r[:, None] * D + d[None, :], mask=m2, other=0.0)
        col_sum += tl.sum(a, axis=0)
        if branch == 0:
            b = tl.load(y_ptr + r[:, None] * D + d[None, :], mask=m2, other=0.0)
            sq_diff += tl.sum((a - b) * (a - b), axis=0)
    mean = col_sum * inv_n
    cov = tl.zeros((BLOCK_D, BLOCK_D), dtype=tl.float32)
    for r0 in range(0, N, BLOCK_R):
        r = r0 + tl.arange(0, BLOCK_R)
        m2 = (r < N)[:, None] & d_mask[None, :]
        a = tl.load(src + r[:, None] * D + d[None, :], mask=m2, other=0.0)
        c = tl.where(m2, a - mean[None, :], 0.0)
        cov += tl.dot(tl.trans(c), c)
    cov = cov * inv_nm1
    diag = tl.sum(tl.where(d[:, None] == d[None, :], cov, 0.0), axis=1)
    std = tl.sqrt(diag + 1e-4)
    std_term = tl.sum(tl.where(d_mask, tl.maximum(1.0 - std, 0.0), 0.0), axis=0) * inv_d * 0.5
    valid2 = d_mask[:, None] & d_mask[None, :]
    off = tl.where(valid2 & (d[:, None] != d[None, :]), cov, 0.0)
    cov_term = tl.sum(tl.sum(off * off, axis=1), axis=0) * inv_d
    total = std_c * std_term + cov_c * cov_term + sim_c * tl.sum(sq_diff, axis=0) * inv_nd
    tl.atomic_add(out_ptr, total)


class ModelNew(nn.Module):
    def __init__(self, sim_coeff: float, std_coeff: float, cov_coeff: float):
        super().__init__()
        self.sim_coeff = sim_coeff
        self.std_coeff = std_coeff
        self.cov_coeff = cov_coeff

    def forward(self, x: torch.Tensor, y: torch.Tensor) -> torch.Tensor:
        x, y = x.contiguous(), y.contiguous()
        N, D = x.shape
        out = torch.zeros((), device=x.device, dtype=torch.float32)
        inv_n = 1.0 / N
        vicreg_kernel[(2,)](x, y, out, N, D, inv_n, 1.0 / (N - 1), 1.0 / D, 1.0 / (N * D),
                            self.sim_coeff, self.std_coeff, self.cov_coeff,
                            BLOCK_R=16, BLOCK_D=triton.next_power_of_2(D))
        return out
