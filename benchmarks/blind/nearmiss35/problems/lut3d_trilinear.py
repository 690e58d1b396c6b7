"""Colour grading with a 3-D lookup table (colour-science LUT3D.apply, trilinear): RGB values are clipped to
[0, 1] and looked up in an S x S x S x 3 table indexed [r, g, b]."""

import torch
import torch.nn as nn

batch_size = 2
height = 30
width = 37
lut_size = 17


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, img: torch.Tensor, lut: torch.Tensor) -> torch.Tensor:
        s = lut.shape[0]
        c = img.clamp(0.0, 1.0) * (s - 1)
        i0 = c.floor().clamp(0, s - 2)
        f = c - i0
        i0 = i0.long()
        r0, g0, b0 = i0[:, 0], i0[:, 1], i0[:, 2]
        fr, fg, fb = f[:, 0, ..., None], f[:, 1, ..., None], f[:, 2, ..., None]
        flat = lut.reshape(-1, 3)

        def at(dr, dg, db):
            return flat[((r0 + dr) * s + (g0 + dg)) * s + (b0 + db)]

        c00 = at(0, 0, 0) * (1 - fb) + at(0, 0, 1) * fb
        c01 = at(0, 1, 0) * (1 - fb) + at(0, 1, 1) * fb
        c10 = at(1, 0, 0) * (1 - fb) + at(1, 0, 1) * fb
        c11 = at(1, 1, 0) * (1 - fb) + at(1, 1, 1) * fb
        c0 = c00 * (1 - fg) + c01 * fg
        c1 = c10 * (1 - fg) + c11 * fg
        out = c0 * (1 - fr) + c1 * fr
        return out.permute(0, 3, 1, 2).contiguous()


def get_inputs():
    img = torch.rand(batch_size, 3, height, width)
    img[:, :, 0, :5] = 1.0
    img[:, :, 1, :5] = 0.0
    img[:, 0, 2, :7] = 1.0
    g = torch.linspace(0.0, 1.0, lut_size)
    r, gg, b = torch.meshgrid(g, g, g, indexing="ij")
    base = torch.stack([r, gg, b], dim=-1)
    warp = torch.stack([0.08 * torch.sin(3.0 * gg + 1.0) + 0.05 * b * b,
                        0.06 * torch.cos(2.0 * r - b),
                        -0.07 * r * gg + 0.04 * torch.sin(4.0 * r)], dim=-1)
    lut = base + warp + 0.01 * torch.randn(lut_size, lut_size, lut_size, 3)
    return [img, lut]


def get_init_inputs():
    return []
