"""BC1 (DXT1) texture block decompression to RGBA8.

blocks[t, by, bx] holds one 8-byte block as two int64 words: word 0 = c0 | c1 << 16 (two RGB565
endpoints), word 1 = the 32-bit index word (2 bits per texel, texel p = 4 row + col at bits 2p).
Endpoints are expanded to 8 bits by bit replication. If c0 > c1 the palette is c0, c1, (2 c0 + c1) / 3,
(c0 + 2 c1) / 3 (integer division, opaque); otherwise c0, c1, (c0 + c1) / 2 and transparent black.
The output is (textures, 4 blocks_y, 4 blocks_x, 4) uint8.
"""

import torch
import torch.nn as nn

num_textures = 2
blocks_y = 6
blocks_x = 10


def _expand565(c):
    r = (c >> 11) & 31
    g = (c >> 5) & 63
    b = c & 31
    return torch.stack([(r << 3) | (r >> 2), (g << 2) | (g >> 4), (b << 3) | (b >> 2)], dim=-1)


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, blocks):
        t, nby, nbx, _ = blocks.shape
        w0 = blocks[..., 0]
        idx = blocks[..., 1]
        c0 = w0 & 0xFFFF
        c1 = (w0 >> 16) & 0xFFFF
        e0 = _expand565(c0)
        e1 = _expand565(c1)
        four = (c0 > c1)[..., None]
        p2 = torch.where(four, (2 * e0 + e1) // 3, (e0 + e1) // 2)
        p3 = torch.where(four, (e0 + 2 * e1) // 3, torch.zeros_like(e0))
        a = torch.full_like(c0, 255)
        a3 = torch.where(four[..., 0], a, torch.zeros_like(a))
        pal = torch.stack([torch.cat([e0, a[..., None]], -1), torch.cat([e1, a[..., None]], -1),
                           torch.cat([p2, a[..., None]], -1), torch.cat([p3, a3[..., None]], -1)], dim=-2)
        p = torch.arange(16, device=blocks.device)
        sel = (idx[..., None] >> (2 * p)) & 3
        texels = torch.gather(pal, -2, sel[..., None].expand(*sel.shape, 4))
        img = texels.reshape(t, nby, nbx, 4, 4, 4).permute(0, 1, 3, 2, 4, 5).reshape(t, 4 * nby, 4 * nbx, 4)
        return img.to(torch.uint8)


def get_inputs():
    shape = (num_textures, blocks_y, blocks_x)
    c0 = torch.randint(0, 65536, shape, dtype=torch.int64)
    c1 = torch.randint(0, 65536, shape, dtype=torch.int64)
    flat = torch.rand(shape) < 0.1
    c1 = torch.where(flat, c0, c1)
    idx = torch.randint(0, 2 ** 32, shape, dtype=torch.int64)
    return [torch.stack([c0 | (c1 << 16), idx], dim=-1)]


def get_init_inputs():
    return []
