"""timm-style BinaryCrossEntropy with label smoothing: class ids become smoothed one-hot targets
(off = smoothing / C, on = 1 - smoothing + off) and the loss is the mean binary cross-entropy with logits."""

import torch
import torch.nn as nn
import torch.nn.functional as F

batch_size = 32
num_classes = 100


class Model(nn.Module):
    def __init__(self, smoothing: float):
        super().__init__()
        self.smoothing = smoothing

    def forward(self, x: torch.Tensor, target: torch.Tensor) -> torch.Tensor:
        c = x.shape[1]
        off = self.smoothing / c
        on = 1.0 - self.smoothing + off
        t = torch.full((x.shape[0], c), off, device=x.device, dtype=x.dtype)
        t = t.scatter(1, target.view(-1, 1), on)
        return F.binary_cross_entropy_with_logits(x, t, reduction="mean")


def get_inputs():
    return [torch.randn(batch_size, num_classes) * 2.0, torch.randint(0, num_classes, (batch_size,))]


def get_init_inputs():
    return [0.1]
