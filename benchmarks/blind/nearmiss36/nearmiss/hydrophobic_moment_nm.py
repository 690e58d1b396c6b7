"""Hydrophobic moment: one program per (sequence, window block), residues gathered into a scale lookup per offset."""

import math

import torch
import torch.nn as nn
import triton
import triton.language as tl

EISENBERG = [0.62, -2.53, -0.78, -0.90, 0.29, -0.85, -0.74, 0.48, -0.40, 1.38,
             1.06, -1.50, 0.64, 1.19, 0.12, -0.18, -0.05, 0.81, 0.26, 1.08]


@triton.jit
def moment_kernel(res_ptr, tab_ptr, out_ptr, n_out, s_rb, s_ob, delta, W: tl.constexpr, BLOCK: tl.constexpr):
    b = tl.program_id(0)
    i = tl.program_id(1) * BLOCK + tl.arange(0, BLOCK)
    m = i < n_out
    cs = tl.zeros([BLOCK], dtype=tl.float32)
    sn = tl.zeros([BLOCK], dtype=tl.float32)
    for k in tl.static_range(W):
        r = tl.load(res_ptr + b * s_rb + i + k, mask=m, other=0)
        h = tl.load(tab_ptr + r, mask=m, other=0.0)
        ang = tl.full([BLOCK], k, dtype=tl.float32) * delta
        cs += h * tl.cos(ang)
        sn += h * tl.sin(ang)
    tl.store(out_ptr + b * s_ob + i, tl.sqrt(cs * cs + sn * sn) / W, mask=m)


class ModelNew(nn.Module):
    def __init__(self, window: int, angle_deg: float):
        super().__init__()
        self.window = window
        self.angle_deg = angle_deg
        self.register_buffer("scale", torch.tensor(EISENBERG))

    def forward(self, residues: torch.Tensor) -> torch.Tensor:
        residues = residues.contiguous()
        b, n = residues.shape
        n_out = n - self.window + 1
        tab = self.scale.to(residues.device)
        out = torch.empty(b, n_out, device=residues.device, dtype=tab.dtype)
        delta = self.angle_deg
        BLOCK = 128
        moment_kernel[(b, triton.cdiv(n_out, BLOCK))](residues, tab, out, n_out, residues.stride(0), out.stride(0),
                                                      delta, W=self.window, BLOCK=BLOCK)
        return out
