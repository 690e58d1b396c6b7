"""Dense anchor generation for one feature level (torchvision AnchorGenerator layout: location-major, anchor-minor)."""

import torch
import torch.nn as nn

batch_size = 1
channels = 8
feat_h = 19
feat_w = 27
stride = 16


class Model(nn.Module):
    def __init__(self, stride):
        super().__init__()
        self.stride = stride
        sizes = torch.tensor([32.0, 64.0, 128.0])
        ratios = torch.tensor([0.5, 1.0, 2.0])
        hr = torch.sqrt(ratios)
        wr = 1.0 / hr
        ws = (wr[:, None] * sizes[None, :]).reshape(-1)
        hs = (hr[:, None] * sizes[None, :]).reshape(-1)
        self.register_buffer("base", (torch.stack([-ws, -hs, ws, hs], dim=1) / 2).round())

    def forward(self, feature: torch.Tensor) -> torch.Tensor:
        h, w = feature.shape[-2:]
        dev = feature.device
        sx = torch.arange(w, device=dev, dtype=torch.float32) * self.stride
        sy = torch.arange(h, device=dev, dtype=torch.float32) * self.stride
        yy, xx = torch.meshgrid(sy, sx, indexing="ij")
        xx = xx.reshape(-1)
        yy = yy.reshape(-1)
        shifts = torch.stack([xx, yy, xx, yy], dim=1)
        return (shifts[:, None, :] + self.base[None, :, :]).reshape(-1, 4)


def get_inputs():
    return [torch.randn(batch_size, channels, feat_h, feat_w)]


def get_init_inputs():
    return [stride]
