import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def copy_rows_kernel(src_ptr, dst_ptr, D, src_stride, dst_stride, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    for c0 in range(0, D, BLOCK):
        c = c0 + tl.arange(0, BLOCK)
        msk = c < D
        v = tl.load(src_ptr + row * src_stride + c, mask=msk)
        tl.store(dst_ptr + row * dst_stride + c, v, mask=msk)


@triton.jit
def scatter_rows_kernel(source_ptr, index_ptr, dst_ptr, D, source_stride, dst_stride,
                        BLOCK: tl.constexpr):
    i = tl.program_id(0)
    dst_row = tl.load(index_ptr + i)
    for c0 in range(0, D, BLOCK):
        c = c0 + tl.arange(0, BLOCK)
        msk = c < D
        v = tl.load(source_ptr + i * source_stride + c, mask=msk)
        tl.store(dst_ptr + dst_row * dst_stride + c, v, mask=msk)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x, index, source):
        x = x.contiguous()
        source = source.contiguous()
        R, D = x.shape
        out = torch.empty_like(x)
        copy_rows_kernel[(R,)](x, out, D, x.stride(0), out.stride(0), BLOCK=128)
        scatter_rows_kernel[(index.numel(),)](source, index, out, D, source.stride(0), out.stride(0),
                                              BLOCK=128)
        return out
