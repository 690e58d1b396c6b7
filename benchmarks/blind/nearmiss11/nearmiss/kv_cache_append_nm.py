"""KV-cache append in Triton: a copy kernel, then one program per (batch, head) writes the new key
row at the sequence's position."""

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def copy_kernel(src_ptr, dst_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    tl.store(dst_ptr + offs, tl.load(src_ptr + offs, mask=mask), mask=mask)


@triton.jit
def kv_append_kernel(k_ptr, pos_ptr, out_ptr, D, ks0, ks1, ks2, os0, os1, os2, os3, BD: tl.constexpr):
    b = tl.program_id(0)
    h = tl.program_id(1)
    d = tl.arange(0, BD)
    m = d < D
    p = tl.load(pos_ptr + b)
    k = tl.load(k_ptr + b * ks0 + h * ks1 + d * ks2, mask=m, other=0.0)
    tl.store(out_ptr + b * os0 + h * os1 + p * os2 + d * os3, k, mask=m)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, cache: torch.Tensor, k_new: torch.Tensor, pos: torch.Tensor) -> torch.Tensor:
        cache = cache.contiguous()
        B, H, L, D = cache.shape
        out = torch.empty_like(cache)
        n = cache.numel()
        BLOCK = 2048
        copy_kernel[(triton.cdiv(n, BLOCK),)](cache, out, n, BLOCK=BLOCK)
        kv_append_kernel[(B, H)](k_new, pos, out, D, k_new.stride(1), k_new.stride(1), k_new.stride(2),
                                 out.stride(0), out.stride(1), out.stride(2), out.stride(3),
                                 BD=triton.next_power_of_2(D))
        return out
