"""D8 flow directions in Triton: (16 x 32) cell tiles on a 3-D grid (batch, tile row, tile column);
a `@triton.jit` helper loads each shifted neighbour tile and a second one applies a direction."""

import math

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def _neighbour(dem_ptr, rows, cols, dy: tl.constexpr, dx: tl.constexpr, h, w, sh):
    r = rows[:, None] + dy
    c = cols[None, :] + dx
    inside = (r >= 0) & (r < h) & (c >= 0) & (c < w)
    return tl.load(dem_ptr + r * sh + c, mask=inside, other=float("inf"))


@triton.jit
def _step(best, code, z, nb, dist, value: tl.constexpr):
    drop = (z - nb) / dist
    better = drop > best
    return tl.where(better, drop, best), tl.where(better, value, code)


@triton.jit
def d8_kernel(out_ptr, dem_ptr, h, w, sb, sh, ob, oh, cs, diag, BH: tl.constexpr, BW: tl.constexpr):
    bt = tl.program_id(0)
    rows = tl.program_id(1) * BH + tl.arange(0, BH)
    cols = tl.program_id(2) * BW + tl.arange(0, BW)
    mask = (rows[:, None] < h) & (cols[None, :] < w)
    base = dem_ptr + bt * sb
    z = tl.load(base + rows[:, None] * sh + cols[None, :], mask=mask, other=0.0)
    best = tl.zeros([BH, BW], dtype=tl.float32)
    code = tl.zeros([BH, BW], dtype=tl.int64)
    best, code = _step(best, code, z, _neighbour(base, rows, cols, 0, 1, h, w, sh), cs, 1)
    best, code = _step(best, code, z, _neighbour(base, rows, cols, 1, 1, h, w, sh), diag, 2)
    best, code = _step(best, code, z, _neighbour(base, rows, cols, 1, 0, h, w, sh), cs, 4)
    best, code = _step(best, code, z, _neighbour(base, rows, cols, 1, -1, h, w, sh), diag, 8)
    best, code = _step(best, code, z, _neighbour(base, rows, cols, 0, -1, h, w, sh), cs, 16)
    best, code = _step(best, code, z, _neighbour(base, rows, cols, -1, -1, h, w, sh), diag, 32)
    best, code = _step(best, code, z, _neighbour(base, rows, cols, -1, 0, h, w, sh), cs, 64)
    best, code = _step(best, code, z, _neighbour(base, rows, cols, -1, 1, h, w, sh), diag, 128)
    tl.store(out_ptr + bt * ob + rows[:, None] * oh + cols[None, :], code, mask=mask)


class ModelNew(nn.Module):
    def __init__(self, cell_size: float):
        super().__init__()
        self.cell_size = cell_size

    def forward(self, dem):
        dem = dem.contiguous()
        b, h, w = dem.shape
        out = torch.empty((b, h, w), dtype=torch.int64, device=dem.device)
        BH, BW = 16, 32
        grid = (b, triton.cdiv(h, BH), triton.cdiv(w, BW))
        d8_kernel[grid](out, dem, h, w, dem.stride(0), dem.stride(1), out.stride(0), out.stride(1),
                        self.cell_size, self.cell_size * math.sqrt(2.0), BH=BH, BW=BW)
        return out
