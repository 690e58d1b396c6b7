"""Triton merge of two partial attention outputs: one program per (token, head), head_dim in one tile."""

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def merge_states_kernel(oa_ptr, la_ptr, ob_ptr, lb_ptr, out_ptr, H, D, BLOCK_D: tl.constexpr):
    t = tl.program_id(0)
    h = tl.program_id(1)
    la = tl.load(la_ptr + t * H + h)
    lb = tl.load(lb_ptr + t * H + h)
    m = tl.maximum(la, lb)
    wa = tl.exp(la)
    wb = tl.exp(lb)
    s = wa + wb
    d = tl.arange(0, BLOCK_D)
    dm = d < D
    base = (t * H + h) * D
    a = tl.load(oa_ptr + base + d, mask=dm, other=0.0)
    b = tl.load(ob_ptr + base + d, mask=dm, other=0.0)
    tl.store(out_ptr + base + d, a * (wa / s) + b * (wb / s), mask=dm)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, out_a, lse_a, out_b, lse_b):
        out_a, lse_a = out_a.contiguous(), lse_a.contiguous()
        out_b, lse_b = out_b.contiguous(), lse_b.contiguous()
        T, H, D = out_a.shape
        out = torch.empty_like(out_a)
        merge_states_kernel[(T, H)](out_a, lse_a, out_b, lse_b, out, H, D,
                                    BLOCK_D=triton.next_power_of_2(D))
        return out
