"""Triton cross-entropy logits gradient, two kernels: count the targets that are not ignored into a
zeroed scalar, then one program per row writes its gradient row."""

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def count_kernel(t_ptr, cnt_ptr, n, ignore_index, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    t = tl.load(t_ptr + offs, mask=offs < n, other=ignore_index)
    tl.atomic_add(cnt_ptr, tl.sum((t != ignore_index).to(tl.float32), axis=0))


@triton.jit
def ce_grad_kernel(x_ptr, t_ptr, cnt_ptr, g_ptr, n_rows, n_cols, stride_x, stride_g, ignore_index,
                   BLOCK: tl.constexpr):
    row = tl.program_id(0)
    t = tl.load(t_ptr + row)
    cnt = tl.load(cnt_ptr)
    scale = tl.where(t == ignore_index, 0.0, 1.0 / cnt)
    mvec = tl.full([BLOCK], float("-inf"), tl.float32)
    for start in range(0, n_cols, BLOCK):
        cols = start + tl.arange(0, BLOCK)
        x = tl.load(x_ptr + row * stride_x + cols, mask=cols < n_cols, other=float("-inf"))
        mvec = tl.maximum(mvec, x)
    m = tl.max(mvec, axis=0)
    svec = tl.zeros([BLOCK], dtype=tl.float32)
    for start in range(0, n_cols, BLOCK):
        cols = start + tl.arange(0, BLOCK)
        x = tl.load(x_ptr + row * stride_x + cols, mask=cols < n_cols, other=float("-inf"))
        svec += tl.exp(x - m)
    denom = tl.sum(svec, axis=0)
    for start in range(0, n_cols, BLOCK):
        cols = start + tl.arange(0, BLOCK)
        mask = cols < n_cols
        x = tl.load(x_ptr + row * stride_x + cols, mask=mask, other=float("-inf"))
        p = tl.exp(x - m) / denom
        grad = (p - (cols == t).to(tl.float32)) * scale
        tl.store(g_ptr + row * stride_g + cols, grad, mask=mask)


class ModelNew(nn.Module):
    def __init__(self, ignore_index: int = -100):
        super().__init__()
        self.ignore_index = ignore_index

    def forward(self, logits: torch.Tensor, target: torch.Tensor) -> torch.Tensor:
        logits = logits.contiguous()
        target = target.contiguous()
        n_rows, n_cols = logits.shape
        cnt = torch.zeros(1, dtype=torch.float32, device=logits.device)
        grad = torch.empty_like(logits)
        count_kernel[(triton.cdiv(n_rows, 1024),)](target, cnt, n_rows, self.ignore_index, BLOCK=1024)
        ce_grad_kernel[(n_rows,)](logits, target, cnt, grad, n_rows, n_cols, logits.stride(0), grad.stride(0),
                                  self.ignore_index, BLOCK=512)
        return grad
