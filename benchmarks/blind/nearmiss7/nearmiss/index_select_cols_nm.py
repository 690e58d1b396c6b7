import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def gather_cols_kernel(x_ptr, idx_ptr, out_ptr, n_rows, n_idx,
                       x_row_stride, x_col_stride, out_row_stride,
                       BR: tl.constexpr, BK: tl.constexpr):
    rb = tl.program_id(0)
    kb = tl.program_id(1)
    r = rb * BR + tl.arange(0, BR)
    k = kb * BK + tl.arange(0, BK)
    kmask = k < n_idx
    src_col = tl.load(idx_ptr + k, mask=kmask, other=0)
    m2 = (r[:, None] < n_rows) & kmask[None, :]
    vals = tl.load(x_ptr + r[:, None] * out_row_stride + src_col[None, :] * x_col_stride, mask=m2)
    tl.store(out_ptr + r[:, None] * out_row_stride + k[None, :], vals, mask=m2)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x, index):
        n_rows = x.shape[0]
        n_idx = index.numel()
        out = torch.empty((n_rows, n_idx), device=x.device, dtype=x.dtype)
        BR, BK = 16, 64
        grid = (triton.cdiv(n_rows, BR), triton.cdiv(n_idx, BK))
        gather_cols_kernel[grid](x, index, out, n_rows, n_idx,
                                 x.stride(0), x.stride(1), out.stride(0), BR=BR, BK=BK)
        return out
