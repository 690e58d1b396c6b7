"""Two-hot encoding of symlog targets: a Triton kernel, values x bins tiles."""

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def twohot_kernel(x_ptr, bins_ptr, out_ptr, n_values, n_bins, BLOCK_V: tl.constexpr, BLOCK_B: tl.constexpr):
    pid = tl.program_id(0)
    offs = pid * BLOCK_V + tl.arange(0, BLOCK_V)
    vm = offs < n_values
    x = tl.load(x_ptr + offs, mask=vm, other=0.0)
    sgn = tl.where(x > 0, 1.0, tl.where(x < 0, -1.0, 0.0))
    y = tl.log(1.0 + tl.abs(x))
    n_le = tl.zeros([BLOCK_V], dtype=tl.int32)
    n_gt = tl.zeros([BLOCK_V], dtype=tl.int32)
    for start in range(0, n_bins, BLOCK_B):
        cols = start + tl.arange(0, BLOCK_B)
        bm = cols < n_bins
        b = tl.load(bins_ptr + cols, mask=bm, other=0.0)
        le = (b[None, :] <= y[:, None]) & bm[None, :]
        gt = (b[None, :] > y[:, None]) & bm[None, :]
        n_le += tl.sum(le.to(tl.int32), axis=1)
        n_gt += tl.sum(gt.to(tl.int32), axis=1)
    below = tl.minimum(tl.maximum(n_le - 1, 0), n_bins - 1)
    above = tl.minimum(tl.maximum(n_bins - n_gt, 0), n_bins - 1)
    b_lo = tl.load(bins_ptr + below, mask=vm, other=0.0)
    b_hi = tl.load(bins_ptr + above, mask=vm, other=0.0)
    equal = below == above
    dist_below = tl.where(equal, 1.0, tl.abs(b_lo - y))
    dist_above = tl.where(equal, 1.0, tl.abs(b_hi - y))
    total = dist_below + dist_above
    w_below = dist_above / total
    w_above = dist_below / total
    for start in range(0, n_bins, BLOCK_B):
        cols = start + tl.arange(0, BLOCK_B)
        bm = cols < n_bins
        val = tl.where(cols[None, :] == below[:, None], w_below[:, None], 0.0)
        val += tl.where(cols[None, :] == above[:, None], w_above[:, None], 0.0)
        ptrs = out_ptr + offs[:, None] * n_bins + cols[None, :]
        tl.store(ptrs, val, mask=vm[:, None] & bm[None, :])


class ModelNew(nn.Module):
    def __init__(self, num_bins):
        super().__init__()
        self.register_buffer("bins", torch.linspace(-20.0, 20.0, num_bins))

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        x = x.contiguous()
        n = x.shape[0]
        n_bins = self.bins.numel()
        out = torch.empty(n, n_bins, device=x.device, dtype=x.dtype)
        BLOCK_V, BLOCK_B = 32, 64
        twohot_kernel[(triton.cdiv(n, BLOCK_V),)](x, self.bins, out, n, n_bins, BLOCK_V=BLOCK_V, BLOCK_B=BLOCK_B)
        return out
