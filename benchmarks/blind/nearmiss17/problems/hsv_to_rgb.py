"""HSV -> RGB conversion of a float image batch, channels first (torchvision _hsv2rgb style)."""

import torch
import torch.nn as nn

batch_size = 2
height = 32
width = 48


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, img: torch.Tensor) -> torch.Tensor:
        h, s, v = img.unbind(dim=-3)
        i = torch.floor(h * 6.0)
        f = h * 6.0 - i
        i = i.to(dtype=torch.int32) % 6
        p = torch.clamp(v * (1.0 - s), 0.0, 1.0)
        q = torch.clamp(v * (1.0 - s * f), 0.0, 1.0)
        t = torch.clamp(v * (1.0 - s * (1.0 - f)), 0.0, 1.0)
        mask = i.unsqueeze(dim=-3) == torch.arange(6, device=img.device).view(-1, 1, 1)
        a1 = torch.stack((v, q, p, p, t, v), dim=-3)
        a2 = torch.stack((t, v, v, q, p, p), dim=-3)
        a3 = torch.stack((p, p, t, v, v, q), dim=-3)
        a4 = torch.stack((a1, a2, a3), dim=-4)
        return torch.einsum("...ijk, ...xijk -> ...xjk", mask.to(dtype=img.dtype), a4)


def get_inputs():
    return [torch.rand(batch_size, 3, height, width)]


def get_init_inputs():
    return []
