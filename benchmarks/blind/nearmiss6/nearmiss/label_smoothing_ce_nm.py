"""Label-smoothed cross-entropy (mean): one program per row adds its share atomically."""

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def ls_ce_kernel(x_ptr, t_ptr, out_ptr, n_rows, n_cols, x_stride, smoothing, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    cols = tl.arange(0, BLOCK)
    mask = cols < n_cols
    x = tl.load(x_ptr + row * x_stride + cols, mask=mask, other=float("-inf"))
    m = tl.max(x, axis=0)
    lse = m + tl.log(tl.sum(tl.exp(x - m), axis=0))
    sx = tl.sum(tl.where(mask, x, 0.0), axis=0)
    t = tl.load(t_ptr + row)
    xt = tl.load(x_ptr + row * x_stride + t)
    nll = lse - xt
    smooth = lse - xt / n_cols
    loss = (1.0 - smoothing) * nll + smoothing * smooth
    tl.atomic_add(out_ptr, loss / n_rows)


class ModelNew(nn.Module):
    def __init__(self, smoothing: float):
        super().__init__()
        self.smoothing = smoothing

    def forward(self, logits: torch.Tensor, target: torch.Tensor) -> torch.Tensor:
        logits = logits.contiguous()
        n_rows, n_cols = logits.shape
        out = torch.zeros((), dtype=logits.dtype, device=logits.device)
        ls_ce_kernel[(n_rows,)](logits, target, out, n_rows, n_cols, logits.stride(0), self.smoothing,
                                BLOCK=triton.next_power_of_2(n_cols))
        return out
