"""Triton Pearson correlation loss: one program per row, contributions added atomically."""

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def pearson_loss_kernel(p_ptr, t_ptr, out_ptr, n_cols, stride_p, stride_t, inv_rows, eps, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    cols = tl.arange(0, BLOCK)
    mask = cols < n_cols
    p = tl.load(p_ptr + row * stride_p + cols, mask=mask, other=0.0)
    t = tl.load(t_ptr + row * stride_t + cols, mask=mask, other=0.0)
    pc = tl.where(mask, p - tl.sum(p, axis=0) / n_cols, 0.0)
    tc = tl.where(mask, t - tl.sum(t, axis=0) / n_cols, 0.0)
    cov = tl.sum(pc * tc, axis=0)
    sp = tl.sum(pc * pc, axis=0)
    st = tl.sum(tc * tc, axis=0)
    r = cov / tl.sqrt(sp * st + eps)
    tl.atomic_add(out_ptr, (1.0 - r) * inv_rows)


class ModelNew(nn.Module):
    def __init__(self, eps: float = 1e-6):
        super().__init__()
        self.eps = eps

    def forward(self, pred: torch.Tensor, target: torch.Tensor) -> torch.Tensor:
        pred = pred.contiguous()
        target = target.contiguous()
        n_rows, n_cols = pred.shape
        out = torch.zeros((), dtype=torch.float32, device=pred.device)
        pearson_loss_kernel[(n_rows,)](
            pred, target, out, n_cols, pred.stride(0), target.stride(0), 1.0 / n_rows, self.eps,
            BLOCK=triton.next_power_of_2(n_cols),
        )
        return out
