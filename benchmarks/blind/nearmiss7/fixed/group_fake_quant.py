import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def group_fq_kernel(x_ptr, y_ptr, n_groups, row_stride,
                    GROUP: tl.constexpr, GROUPS_PER_BLOCK: tl.constexpr):
    row = tl.program_id(0)
    gb = tl.program_id(1)
    g = gb * GROUPS_PER_BLOCK + tl.arange(0, GROUPS_PER_BLOCK)
    lane = tl.arange(0, GROUP)
    offs = row * row_stride + g[:, None] * GROUP + lane[None, :]
    live = (g[:, None] < n_groups) & (lane[None, :] < GROUP)
    x = tl.load(x_ptr + offs, mask=live, other=0.0)
    amax = tl.max(tl.abs(x), axis=1)
    scale = tl.maximum(amax, 1e-8) / 127.0
    xs = x / scale[:, None]
    q = tl.floor(xs + 0.5)
    q = tl.minimum(tl.maximum(q, -127.0), 127.0)
    tl.store(y_ptr + offs, q * scale[:, None], mask=live)


class ModelNew(nn.Module):
    def __init__(self, group_size: int):
        super().__init__()
        self.group_size = group_size

    def forward(self, x):
        x = x.contiguous()
        R, C = x.shape
        n_groups = C // self.group_size
        y = torch.empty_like(x)
        GPB = 8
        grid = (R, triton.cdiv(n_groups, GPB))
        group_fq_kernel[grid](x, y, n_groups, x.stride(0), GROUP=self.group_size, GROUPS_PER_BLOCK=GPB)
        return y
