"""Triton 2-D sine position embedding: one program per (image, row) builds both halves of the channel axis for that row."""

import math

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def sine_pos_kernel(mask_ptr, out_ptr, H, W, m_sb, m_sh, o_sb, o_sc, o_sh, log_temp, scale,
                    F: tl.constexpr, BLOCK_W: tl.constexpr):
    b = tl.program_id(0)
    h = tl.program_id(1)
    cols = tl.arange(0, BLOCK_W)
    cm = cols < W
    y_cnt = tl.zeros((BLOCK_W,), dtype=tl.float32)
    y_last = tl.zeros((BLOCK_W,), dtype=tl.float32)
    for r in range(0, H):
        pad = tl.load(mask_ptr + b * m_sb + r * m_sh + cols, mask=cm, other=1)
        valid = tl.where(pad != 0, 0.0, 1.0)
        y_last += valid
        y_cnt += tl.where(r <= h, valid, 0.0)
    pad_row = tl.load(mask_ptr + b * m_sb + h * m_sh + cols, mask=cm, other=1)
    row_valid = tl.where(pad_row != 0, 0.0, 1.0)
    x_cnt = tl.cumsum(row_valid, axis=0)
    x_last = tl.sum(row_valid, axis=0)
    eps = 1e-6
    y_n = y_cnt / (H + eps) * scale
    x_n = x_cnt / (x_last + eps) * scale
    f = tl.arange(0, F)
    dim_t = tl.exp(log_temp * ((2 * (f // 2)).to(tl.float32) / F))
    even = (f % 2) == 0
    py = y_n[None, :] / dim_t[:, None]
    px = x_n[None, :] / dim_t[:, None]
    vy = tl.where(even[:, None], tl.sin(py), tl.cos(py))
    vx = tl.where(even[:, None], tl.sin(px), tl.cos(px))
    base = out_ptr + b * o_sb + h * o_sh + cols[None, :]
    sm = cm[None, :] & (f[:, None] < F)
    tl.store(base + f[:, None] * o_sc, vy, mask=sm)
    tl.store(base + (f[:, None] + F) * o_sc, vx, mask=sm)


class ModelNew(nn.Module):
    def __init__(self, num_pos_feats: int, temperature: int):
        super().__init__()
        self.num_pos_feats = num_pos_feats
        self.temperature = temperature
        self.scale = 2 * math.pi

    def forward(self, mask: torch.Tensor) -> torch.Tensor:
        mask = mask.contiguous()
        B, H, W = mask.shape
        F = self.num_pos_feats
        m8 = mask.view(torch.uint8)
        out = torch.empty(B, 2 * F, H, W, dtype=torch.float32, device=mask.device)
        BLOCK_W = triton.next_power_of_2(W)
        sine_pos_kernel[(B, H)](m8, out, H, W, m8.stride(0), m8.stride(1), out.stride(0), out.stride(1),
                                out.stride(2), math.log(self.temperature), self.scale, F=F, BLOCK_W=BLOCK_W)
        return out
