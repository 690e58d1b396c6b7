"""ArcFace additive angular margin applied to cosine logits (insightface-style, with the
easy-margin fallback threshold)."""

import math

import torch
import torch.nn as nn
import torch.nn.functional as F

batch_size = 64
num_classes = 211


class Model(nn.Module):
    """s * cos(theta + m) for the target class and s * cos(theta) for the others."""

    def __init__(self, s: float = 30.0, m: float = 0.5):
        super().__init__()
        self.s = s
        self.cos_m = math.cos(m)
        self.sin_m = math.sin(m)
        self.th = math.cos(math.pi - m)
        self.mm = math.sin(math.pi - m) * m

    def forward(self, cosine: torch.Tensor, label: torch.Tensor) -> torch.Tensor:
        sine = torch.sqrt((1.0 - cosine * cosine).clamp(0.0, 1.0))
        phi = cosine * self.cos_m - sine * self.sin_m
        phi = torch.where(cosine > self.th, phi, cosine - self.mm)
        one_hot = F.one_hot(label, cosine.shape[1]).to(cosine.dtype)
        return self.s * (one_hot * phi + (1.0 - one_hot) * cosine)


def get_inputs():
    return [torch.rand(batch_size, num_classes) * 2.0 - 1.0, torch.randint(0, num_classes, (batch_size,))]


def get_init_inputs():
    return [30.0, 0.5]
