"""Triton Blinn-Phong shading: one lane per surface point, vectors kept as component triples, the specular power
through exp2 / log2."""

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def normalize3(x, y, z):
    inv = 1.0 / tl.sqrt(x * x + y * y + z * z)
    return x * inv, y * inv, z * inv


@triton.jit
def blinn_phong_kernel(pos_ptr, nrm_ptr, alb_ptr, light_ptr, eye_ptr, col_ptr, out_ptr, N,
                       shininess, k_lin, k_quad, ambient, ks, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < N
    px = tl.load(pos_ptr + offs * 3, mask=mask, other=0.0)
    py = tl.load(pos_ptr + offs * 3 + 1, mask=mask, other=0.0)
    pz = tl.load(pos_ptr + offs * 3 + 2, mask=mask, other=0.0)
    nx, ny, nz = normalize3(tl.load(nrm_ptr + offs * 3, mask=mask, other=1.0),
                            tl.load(nrm_ptr + offs * 3 + 1, mask=mask, other=0.0),
                            tl.load(nrm_ptr + offs * 3 + 2, mask=mask, other=0.0))
    dx = tl.load(light_ptr) - px
    dy = tl.load(light_ptr + 1) - py
    dz = tl.load(light_ptr + 2) - pz
    dist = tl.sqrt(dx * dx + dy * dy + dz * dz)
    lx, ly, lz = normalize3(dx, dy, dz)
    vx, vy, vz = normalize3(tl.load(eye_ptr) - px, tl.load(eye_ptr + 1) - py, tl.load(eye_ptr + 2) - pz)
    hx, hy, hz = normalize3(lx + vx, ly + vy, lz + vz)
    ndl = tl.maximum(nx * lx + ny * ly + nz * lz, 0.0)
    ndh = tl.maximum(nx * hx + ny * hy + nz * hz, 0.0)
    spec = tl.exp2(shininess * tl.log2(tl.maximum(ndh, 1e-30)))
    spec = tl.where(ndl > 0.0, spec, 0.0)
    att = 1.0 / (1.0 + k_lin * dist + k_quad * dist * dist)
    for c in tl.static_range(3):
        lc = tl.load(col_ptr + c)
        alb = tl.load(alb_ptr + offs * 3 + c, mask=mask, other=0.0)
        rgb = alb * (ambient + ndl * att * lc) + ks * spec * att * lc
        tl.store(out_ptr + offs * 3 + c, rgb, mask=mask)


class ModelNew(nn.Module):
    def __init__(self, shininess: int, k_lin: float = 0.09, k_quad: float = 0.032):
        super().__init__()
        self.shininess = shininess
        self.k_lin = k_lin
        self.k_quad = k_quad
        self.ambient = 0.1
        self.ks = 0.5

    def forward(self, pos, normal, albedo, light_pos, eye, light_color):
        pos, normal, albedo = pos.contiguous(), normal.contiguous(), albedo.contiguous()
        N = pos.shape[0]
        out = torch.empty(N, 3, device=pos.device, dtype=pos.dtype)
        BLOCK = 512
        blinn_phong_kernel[(triton.cdiv(N, BLOCK),)](pos, normal, albedo, light_pos.contiguous(), eye.contiguous(),
                                                     light_color.contiguous(), out, N, float(self.shininess),
                                                     self.k_lin, self.k_quad, self.ambient, self.ks, BLOCK=BLOCK)
        return out
