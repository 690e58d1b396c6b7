"""Cross-entropy with label smoothing, mean reduction."""

import torch
import torch.nn as nn
import torch.nn.functional as F

batch_size = 24
num_classes = 777
smoothing = 0.1


class Model(nn.Module):
    def __init__(self, smoothing: float):
        super().__init__()
        self.smoothing = smoothing

    def forward(self, logits: torch.Tensor, target: torch.Tensor) -> torch.Tensor:
        return F.cross_entropy(logits, target, label_smoothing=self.smoothing)


def get_inputs():
    return [torch.randn(batch_size, num_classes) * 2.0,
            torch.randint(0, num_classes, (batch_size,), dtype=torch.int64)]


def get_init_inputs():
    return [smoothing]
