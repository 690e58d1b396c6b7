"""Multilayer reflectance: (stack x wavelength) tiles, a runtime layer loop updating the 2x2 matrix in registers."""

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def film_kernel(n_ptr, d_ptr, cnt_ptr, sub_ptr, w_ptr, out_ptr, n_stacks, n_w, n_layers, layer_stride,
                out_stride, n0, BLOCK_S: tl.constexpr, BLOCK_W: tl.constexpr):
    pid_s = tl.program_id(0)
    pid_w = tl.program_id(1)
    st = pid_s * BLOCK_S + tl.arange(0, BLOCK_S)
    wl = pid_w * BLOCK_W + tl.arange(0, BLOCK_W)
    sm = st < n_stacks
    wm = wl < n_w
    lam = tl.load(w_ptr + wl, mask=wm, other=500.0)[None, :]
    cnt = tl.load(cnt_ptr + st, mask=sm, other=0)[:, None]
    ns = tl.load(sub_ptr + st, mask=sm, other=1.5)[:, None]
    a = tl.full([BLOCK_S, BLOCK_W], 1.0, tl.float32)
    b = tl.zeros([BLOCK_S, BLOCK_W], dtype=tl.float32)
    c = tl.zeros([BLOCK_S, BLOCK_W], dtype=tl.float32)
    d = tl.full([BLOCK_S, BLOCK_W], 1.0, tl.float32)
    for j in range(0, n_layers):
        nj = tl.load(n_ptr + st * layer_stride + j, mask=sm, other=1.5)[:, None]
        tj = tl.load(d_ptr + st * layer_stride + j, mask=sm, other=0.0)[:, None]
        delta = 6.283185307179586 * nj * tj / lam
        cs = tl.cos(delta)
        sn = tl.sin(delta)
        a2 = a * cs - b * (nj * sn)
        b2 = a * (sn / nj) - b * cs
        c2 = c * cs + d * (nj * sn)
        d2 = d * cs - c * (sn / nj)
        act = j < cnt
        a = tl.where(act, a2, a)
        b = tl.where(act, b2, b)
        c = tl.where(act, c2, c)
        d = tl.where(act, d2, d)
    re_n = n0 * a - ns * d
    im_n = n0 * ns * b - c
    re_d = n0 * a + ns * d
    im_d = n0 * ns * b + c
    refl = (re_n * re_n + im_n * im_n) / (re_d * re_d + im_d * im_d)
    tl.store(out_ptr + st[:, None] * out_stride + wl[None, :], refl, mask=sm[:, None] & wm[None, :])


class ModelNew(nn.Module):
    """Reflectance of each coating at each wavelength, characteristic-matrix method.

    index, thickness (nm): (S, L); num_active: (S,) int64 layers present; substrate: (S,);
    wavelength: (W,) nm. Returns (S, W).
    """

    def __init__(self, ambient_index: float = 1.0):
        super().__init__()
        self.n0 = ambient_index

    def forward(self, index, thickness, num_active, substrate, wavelength):
        index = index.contiguous()
        thickness = thickness.contiguous()
        num_active = num_active.contiguous()
        substrate = substrate.contiguous()
        wavelength = wavelength.contiguous()
        n_stacks, n_layers = index.shape
        n_w = wavelength.shape[0]
        out = torch.empty(n_stacks, n_w, device=index.device, dtype=torch.float32)
        BLOCK_S, BLOCK_W = 16, 64
        grid = (triton.cdiv(n_stacks, BLOCK_S), triton.cdiv(n_w, BLOCK_W))
        film_kernel[grid](index, thickness, num_active, substrate, wavelength, out, n_stacks, n_w, n_layers,
                          index.stride(0), out.stride(0), self.n0, BLOCK_S=BLOCK_S, BLOCK_W=BLOCK_W)
        return out
