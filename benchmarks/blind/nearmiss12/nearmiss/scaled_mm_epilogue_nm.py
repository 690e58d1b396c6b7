"""Triton int8-GEMM dequantising epilogue on square (row, column) tiles."""

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def _epilogue_kernel(acc_ptr, rs_ptr, cs_ptr, bias_ptr, out_ptr, M, N, BLOCK: tl.constexpr):
    rm = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    rn = tl.program_id(1) * BLOCK + tl.arange(0, BLOCK)
    mask = (rm[:, None] < M) & (rn[None, :] < N)
    acc = tl.load(acc_ptr + rm[:, None] * N + rn[None, :], mask=mask, other=0).to(tl.float32)
    rs = tl.load(rs_ptr + rm, mask=rm < M, other=0.0)
    cs = tl.load(cs_ptr + rn, mask=rn < N, other=0.0)
    bias = tl.load(bias_ptr + rn, mask=rn < N, other=0.0)
    y = acc * rs[None, :] * cs[None, :] + bias[None, :]
    tl.store(out_ptr + rm[:, None] * N + rn[None, :], y, mask=mask)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, acc, row_scale, col_scale, bias):
        acc = acc.contiguous()
        M, N = acc.shape
        out = torch.empty((M, N), dtype=torch.float32, device=acc.device)
        BLOCK = 32
        grid = (triton.cdiv(M, BLOCK), triton.cdiv(N, BLOCK))
        _epilogue_kernel[grid](acc, row_scale.contiguous(), col_scale.contiguous(), bias.contiguous(), out, M, N,
                               BLOCK=BLOCK)
        return out
