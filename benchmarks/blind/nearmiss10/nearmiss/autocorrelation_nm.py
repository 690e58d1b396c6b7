"""Triton autocovariance: one program per row, a (lag, time) tile of shifted products."""

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def autocov_kernel(x_ptr, out_ptr, n_cols, n_lags, stride_x, stride_o,
                   BLOCK_K: tl.constexpr, BLOCK_N: tl.constexpr):
    row = tl.program_id(0)
    t = tl.arange(0, BLOCK_N)
    k = tl.arange(0, BLOCK_K)
    x_row = x_ptr + row * stride_x
    x = tl.load(x_row + t, mask=t < n_cols, other=0.0)
    mean = tl.sum(x, axis=0) / n_cols
    a = tl.where(t < n_cols, x - mean, 0.0)
    pair = (t[None, :] + k[:, None] < n_cols) & (k[:, None] < n_lags)
    b = tl.load(x_row + t[None, :] + k[:, None], mask=pair, other=0.0)
    b = tl.where(pair, b - mean, 0.0)
    s = tl.sum(a[None, :] * b, axis=1)
    r = s / n_cols
    tl.store(out_ptr + row * stride_o + k, r, mask=k < n_lags)


class ModelNew(nn.Module):
    def __init__(self, max_lag: int):
        super().__init__()
        self.max_lag = max_lag

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        x = x.contiguous()
        n_rows, n_cols = x.shape
        out = torch.empty((n_rows, self.max_lag), dtype=x.dtype, device=x.device)
        autocov_kernel[(n_rows,)](
            x, out, n_cols, self.max_lag, x.stride(0), out.stride(0),
            BLOCK_K=triton.next_power_of_2(self.max_lag), BLOCK_N=triton.next_power_of_2(n_cols),
        )
        return out
