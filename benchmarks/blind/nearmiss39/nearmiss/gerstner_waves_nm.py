"""Gerstner ocean surface in Triton: a block of 256 points per program, a runtime loop over waves with
scalar wave-parameter loads."""

import math

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def gerstner_kernel(out_ptr, pos_ptr, dir_ptr, amp_ptr, len_ptr, st_ptr, ph_ptr, n, w,
                    sp0, sp1, sd0, so0, t, g, two_pi, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    px = tl.load(pos_ptr + offs * sp0, mask=mask, other=0.0)
    py = tl.load(pos_ptr + offs * sp0 + sp1, mask=mask, other=0.0)
    x = tl.zeros([BLOCK], dtype=tl.float32)
    y = tl.zeros([BLOCK], dtype=tl.float32)
    z = tl.zeros([BLOCK], dtype=tl.float32)
    for i in range(0, w):
        dxw = tl.load(dir_ptr + i * sd0)
        dyw = tl.load(dir_ptr + i * sd0 + 1)
        a = tl.load(amp_ptr + i)
        k = two_pi / tl.load(len_ptr + i)
        omega = tl.sqrt(g * k)
        q = tl.load(st_ptr + i) / (k * a * w)
        theta = k * (px * dxw + py * dyw) - omega * t + tl.load(ph_ptr + i)
        c = tl.cos(theta)
        qa = q * a
        x += qa * dxw * c
        y += qa * dxw * c
        z += a * tl.sin(theta)
    tl.store(out_ptr + offs * so0, px + x, mask=mask)
    tl.store(out_ptr + offs * so0 + 1, py + y, mask=mask)
    tl.store(out_ptr + offs * so0 + 2, z, mask=mask)


class ModelNew(nn.Module):
    def __init__(self, time: float, gravity: float):
        super().__init__()
        self.time = time
        self.gravity = gravity

    def forward(self, positions, directions, amplitudes, wavelengths, steepness, phases):
        directions = directions.contiguous()
        n = positions.shape[0]
        w = directions.shape[0]
        out = torch.empty((n, 3), dtype=torch.float32, device=positions.device)
        BLOCK = 256
        gerstner_kernel[(triton.cdiv(n, BLOCK),)](out, positions, directions, amplitudes, wavelengths, steepness,
                                                  phases, n, w, positions.stride(0), positions.stride(1),
                                                  directions.stride(0), out.stride(0), self.time, self.gravity,
                                                  2.0 * math.pi, BLOCK=BLOCK)
        return out
