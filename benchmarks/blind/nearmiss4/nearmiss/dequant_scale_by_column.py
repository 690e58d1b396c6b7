import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def _dequant_kernel(q_ptr, s_ptr, out_ptr, C, L, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < C * L
    ch = offs % C
    q = tl.load(q_ptr + offs, mask=mask, other=0)
    s = tl.load(s_ptr + ch, mask=mask, other=0.0)
    tl.store(out_ptr + offs, q.to(tl.float32) * s, mask=mask)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, q, scale):
        q = q.contiguous()
        C, L = q.shape
        out = torch.empty((C, L), device=q.device, dtype=torch.float32)
        BLOCK = 1024
        _dequant_kernel[(triton.cdiv(C * L, BLOCK),)](q, scale, out, C, L, BLOCK=BLOCK)
        return out
