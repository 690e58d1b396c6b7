"""Triton PSNR of fp16 images: chunked squared-error sums added per image, then a per-image epilogue."""

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def _sse_kernel(p_ptr, t_ptr, sse_ptr, per_image, BLOCK: tl.constexpr):
    img = tl.program_id(0)
    offs = tl.program_id(1) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < per_image
    p = tl.load(p_ptr + img * per_image + offs, mask=mask, other=0.0).to(tl.float32)
    t = tl.load(t_ptr + img * per_image + offs, mask=mask, other=0.0).to(tl.float32)
    d = p - t
    tl.atomic_add(sse_ptr + img, tl.sum(d * d, axis=0))


@triton.jit
def _psnr_kernel(sse_ptr, out_ptr, B, inv_n, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    mask = offs < B
    sse = tl.load(sse_ptr + offs, mask=mask, other=1.0).to(tl.float32)
    mse = sse * inv_n
    val = 10.0 * tl.log(65025.0 / mse) * 0.4342944819032518
    tl.store(out_ptr + offs, val, mask=mask)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, pred: torch.Tensor, target: torch.Tensor) -> torch.Tensor:
        p = pred.contiguous()
        t = target.contiguous()
        B = p.shape[0]
        per_image = p.numel() // B
        sse = torch.zeros(B, dtype=p.dtype, device=p.device)
        out = torch.empty(B, dtype=torch.float32, device=p.device)
        BLOCK = 1024
        _sse_kernel[(B, triton.cdiv(per_image, BLOCK))](p, t, sse, per_image, BLOCK=BLOCK)
        _psnr_kernel[(1,)](sse, out, B, 1.0 / per_image, BLOCK=triton.next_power_of_2(B))
        return out
