"""Adaptive instance normalisation in Triton, one program per (image, channel)."""

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def _mean_std(ptr, n, eps, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    mask = offs < n
    v = tl.load(ptr + offs, mask=mask, other=0.0)
    mean = tl.sum(v, axis=0) / n
    d = tl.where(mask, v - mean, 0.0)
    var = tl.sum(d * d, axis=0) / (n - 1)
    return mean, tl.sqrt(var + eps)


@triton.jit
def adain_kernel(c_ptr, s_ptr, out_ptr, n_c, n_s, eps, BLOCK_C: tl.constexpr, BLOCK_S: tl.constexpr):
    pid = tl.program_id(0)
    cm, cs = _mean_std(c_ptr + pid * n_c, n_c, eps, BLOCK_C)
    sm, ss = _mean_std(s_ptr + pid * n_s, n_s, eps, BLOCK_S)
    offs = tl.arange(0, BLOCK_C)
    mask = offs < n_c
    x = tl.load(c_ptr + pid * n_c + offs, mask=mask, other=0.0)
    tl.store(out_ptr + pid * n_c + offs, (x - cm) / cs * ss + sm, mask=mask)


class ModelNew(nn.Module):
    def __init__(self, eps: float = 1e-5):
        super().__init__()
        self.eps = eps

    def forward(self, content: torch.Tensor, style: torch.Tensor) -> torch.Tensor:
        content = content.contiguous()
        style = style.contiguous()
        b, c, h, w = content.shape
        n_s = style.shape[2] * style.shape[3]
        out = torch.empty_like(content)
        adain_kernel[(b * c,)](content, style, out, h * w, n_s, self.eps,
                               BLOCK_C=triton.next_power_of_2(h * w), BLOCK_S=triton.next_power_of_2(n_s))
        return out
