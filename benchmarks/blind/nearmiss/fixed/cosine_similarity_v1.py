"""Triton row-wise cosine similarity of two matrices: one program per row pair."""

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def cos_sim_kernel(a_ptr, b_ptr, out_ptr, stride_a, stride_b, n_cols, eps, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    offs = tl.arange(0, BLOCK)
    mask = offs < n_cols
    a = tl.load(a_ptr + row * stride_a + offs, mask=mask, other=0.0)
    b = tl.load(b_ptr + row * stride_b + offs, mask=mask, other=0.0)
    dot = tl.sum(a * b, axis=0)
    na = tl.sqrt(tl.sum(a * a, axis=0))
    nb = tl.sqrt(tl.sum(b * b, axis=0))
    tl.store(out_ptr + row, dot / tl.maximum(na * nb, eps))


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, a: torch.Tensor, b: torch.Tensor) -> torch.Tensor:
        a = a.contiguous()
        b = b.contiguous()
        n_rows, n_cols = a.shape
        out = torch.empty(n_rows, dtype=a.dtype, device=a.device)
        cos_sim_kernel[(n_rows,)](a, b, out, a.stride(0), b.stride(0), n_cols, 1e-8,
                                  BLOCK=triton.next_power_of_2(n_cols))
        return out
