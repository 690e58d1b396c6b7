"""sRGB -> CIE L*u*v* (kornia.color.rgb_to_luv semantics, D65 white): sRGB linearisation, RGB -> XYZ,
L = 116 y^(1/3) - 16 above the 0.008856 knee and 903.3 y below it, u/v from the chromaticities relative to the
reference white. Images are (B, 3, H, W) in [0, 1], 8-bit quantised, with a dark band along the top rows."""

import torch
import torch.nn as nn

batch_size = 2
height = 24
width = 31


class Model(nn.Module):
    def __init__(self, eps: float = 1e-12):
        super().__init__()
        self.eps = eps

    def forward(self, image):
        lin = torch.where(image > 0.04045, torch.pow((image + 0.055) / 1.055, 2.4), image / 12.92)
        r, g, b = lin[:, 0], lin[:, 1], lin[:, 2]
        x = 0.412453 * r + 0.357580 * g + 0.180423 * b
        y = 0.212671 * r + 0.715160 * g + 0.072169 * b
        z = 0.019334 * r + 0.119193 * g + 0.950227 * b
        L = torch.where(y > 0.008856, 116.0 * torch.pow(y.clamp(min=0.008856), 1.0 / 3.0) - 16.0, 903.3 * y)
        xw, yw, zw = 0.95047, 1.0, 1.08883
        u_w = (4 * xw) / (xw + 15 * yw + 3 * zw)
        v_w = (9 * yw) / (xw + 15 * yw + 3 * zw)
        u_p = (4 * x) / (x + 15 * y + 3 * z + self.eps)
        v_p = (9 * y) / (x + 15 * y + 3 * z + self.eps)
        u = 13 * L * (u_p - u_w)
        v = 13 * L * (v_p - v_w)
        return torch.stack([L, u, v], dim=-3)


def get_inputs():
    image = torch.randint(0, 256, (batch_size, 3, height, width)).float() / 255.0
    image[:, :, :3] = torch.randint(0, 12, (batch_size, 3, 3, width)).float() / 255.0
    return [image]


def get_init_inputs():
    return []
