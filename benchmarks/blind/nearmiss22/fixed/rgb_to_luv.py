"""sRGB -> L*u*v* in Triton: batch-major programs over flattened pixel blocks; the reference-white
chromaticities are host constants."""

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def _srgb_to_linear(c):
    return tl.where(c > 0.04045, tl.exp(2.4 * tl.log((c + 0.055) / 1.055)), c / 12.92)


@triton.jit
def rgb_to_luv_kernel(img_ptr, out_ptr, HW, u_w, v_w, eps, BLOCK: tl.constexpr):
    b = tl.program_id(0)
    offs = tl.program_id(1) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < HW
    base = b * 3 * HW
    r = _srgb_to_linear(tl.load(img_ptr + base + offs, mask=mask, other=0.5))
    g = _srgb_to_linear(tl.load(img_ptr + base + HW + offs, mask=mask, other=0.5))
    bl = _srgb_to_linear(tl.load(img_ptr + base + 2 * HW + offs, mask=mask, other=0.5))
    x = 0.412453 * r + 0.357580 * g + 0.180423 * bl
    y = 0.212671 * r + 0.715160 * g + 0.072169 * bl
    z = 0.019334 * r + 0.119193 * g + 0.950227 * bl
    cube = tl.exp(tl.log(tl.maximum(y, 0.008856)) / 3.0)
    L = tl.where(y > 0.008856, 116.0 * cube - 16.0, 903.3 * y)
    den = x + 15.0 * y + 3.0 * z + eps
    u_p = 4.0 * x / den
    v_p = 9.0 * y / den
    u = 13.0 * L * (u_p - u_w)
    v = 13.0 * L * (v_p - v_w)
    tl.store(out_ptr + base + offs, L, mask=mask)
    tl.store(out_ptr + base + HW + offs, u, mask=mask)
    tl.store(out_ptr + base + 2 * HW + offs, v, mask=mask)


class ModelNew(nn.Module):
    def __init__(self, eps: float = 1e-12):
        super().__init__()
        self.eps = eps

    def forward(self, image):
        image = image.contiguous()
        B, _, H, W = image.shape
        out = torch.empty_like(image)
        xw, yw, zw = 0.95047, 1.0, 1.08883
        u_w = (4 * xw) / (xw + 15 * yw + 3 * zw)
        v_w = (9 * yw) / (xw + 15 * yw + 3 * zw)
        BLOCK = 256
        rgb_to_luv_kernel[(B, triton.cdiv(H * W, BLOCK))](image, out, H * W, u_w, v_w, self.eps, BLOCK=BLOCK)
        return out
