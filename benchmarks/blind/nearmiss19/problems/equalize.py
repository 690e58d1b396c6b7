"""Histogram equalization of a uint8 image batch, each channel on its own (torchvision `equalize` semantics)."""

import torch
import torch.nn as nn

batch_size = 2
channels = 3
height = 24
width = 40


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, img: torch.Tensor) -> torch.Tensor:
        b, c, h, w = img.shape
        planes = img.reshape(b * c, h * w)
        out = torch.empty_like(planes)
        for i in range(b * c):
            chan = planes[i]
            hist = torch.bincount(chan.long(), minlength=256)
            nonzero = hist[hist != 0]
            step = torch.div(nonzero[:-1].sum(), 255, rounding_mode="floor")
            if step == 0:
                out[i] = chan
                continue
            lut = torch.div(torch.cumsum(hist, 0) + torch.div(step, 2, rounding_mode="floor"), step,
                            rounding_mode="floor")
            lut = torch.nn.functional.pad(lut, [1, 0])[:-1].clamp(0, 255)
            out[i] = lut[chan.long()].to(torch.uint8)
        return out.reshape(b, c, h, w)


def get_inputs():
    # over-exposed, low-contrast frames: a large share of every plane is clipped at 255
    x = torch.randn(batch_size, channels, height, width) * 45.0 + 230.0
    img = x.round().clamp(0, 255).to(torch.uint8)
    img[0, -1] = 77  # a flat plane: nothing to equalize
    return [img]


def get_init_inputs():
    return []
