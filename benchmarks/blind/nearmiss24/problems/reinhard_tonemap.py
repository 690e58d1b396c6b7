"""Global Reinhard tone mapping (Reinhard et al. 2002, extended operator) of linear HDR RGB images: the
log-average luminance of each image sets the exposure, luminance is compressed with a white point and the
colour channels are rescaled by the luminance ratio and clipped to [0, 1]."""

import torch
import torch.nn as nn

batch_size = 2
height = 40
width = 50


class Model(nn.Module):
    def __init__(self, key: float = 0.18, white: float = 1.5, delta: float = 1e-4):
        super().__init__()
        self.key = key
        self.white = white
        self.delta = delta

    def forward(self, img):
        lum = 0.2126 * img[:, 0] + 0.7152 * img[:, 1] + 0.0722 * img[:, 2]
        log_avg = torch.exp(torch.log(self.delta + lum).mean(dim=(1, 2), keepdim=True))
        scaled = self.key / log_avg * lum
        mapped = scaled * (1.0 + scaled / (self.white * self.white)) / (1.0 + scaled)
        return torch.clamp(img * (mapped / lum)[:, None], 0.0, 1.0)


def get_inputs():
    img = torch.exp(torch.randn(batch_size, 3, height, width) * 1.2 + torch.tensor([0.3, 0.0, -0.5])[None, :, None, None])
    return [img]


def get_init_inputs():
    return []
