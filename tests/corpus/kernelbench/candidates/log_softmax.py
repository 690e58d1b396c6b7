"""Triton log-softmax over the last dim: one program per row; pass 1 keeps a running max and a
rescaled running sum per lane, pass 2 writes x - max - log(sum). The row count is computed on the
host from the shape (an empty batch returns early) and the launch width follows the block size."""

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def log_softmax_kernel(x_ptr, y_ptr, n_cols, stride_x, stride_y, BLOCK_SIZE: tl.constexpr):
    row = tl.program_id(0).to(tl.int64)
    cols = tl.arange(0, BLOCK_SIZE)
    run_max = tl.full((BLOCK_SIZE,), float("-inf"), tl.float32)
    run_sum = tl.zeros((BLOCK_SIZE,), tl.float32)
    for c0 in range(0, n_cols, BLOCK_SIZE):
        c = c0 + cols
        v = tl.load(x_ptr + row * stride_x + c, mask=c < n_cols, other=float("-inf")).to(tl.float32)
        new_max = tl.maximum(run_max, v)
        safe = tl.where(new_max == float("-inf"), 0.0, new_max)
        run_sum = run_sum * tl.exp(run_max - safe) + tl.exp(v - safe)
        run_max = new_max
    row_max = tl.max(run_max, axis=0)
    log_denom = row_max + tl.log(tl.sum(run_sum * tl.exp(run_max - row_max), axis=0))
    for c0 in range(0, n_cols, BLOCK_SIZE):
        c = c0 + cols
        mask = c < n_cols
        v = tl.load(x_ptr + row * stride_x + c, mask=mask, other=0.0).to(tl.float32)
        tl.store(y_ptr + row * stride_y + c, v - log_denom, mask=mask)


class ModelNew(nn.Module):
    def __init__(self, dim: int = 1):
        super().__init__()
        self.dim = dim

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        if self.dim % x.dim() != x.dim() - 1:
            raise NotImplementedError("this kernel reduces over the last dim")
        n_cols = x.shape[-1]
        x2d = x.contiguous().view(-1, n_cols)
        y = torch.empty_like(x2d)
        n_rows = torch.tensor(x.shape[:-1]).prod()
        if n_rows == 0:
            return y.view(x.shape)
        BLOCK_SIZE = min(triton.next_power_of_2(n_cols), 4096)
        num_warps = 8 if BLOCK_SIZE >= 2048 else 4
        log_softmax_kernel[(int(n_rows),)](x2d, y, n_cols, x2d.stride(0), y.stride(0),
                                           BLOCK_SIZE=BLOCK_SIZE, num_warps=num_warps)
        return y.view(x.shape)
