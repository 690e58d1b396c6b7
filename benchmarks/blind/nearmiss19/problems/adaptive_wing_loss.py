"""Adaptive Wing loss (Wang et al., ICCV 2019) for heatmap regression, mean over all elements."""

import torch
import torch.nn as nn

batch_size = 2
num_keypoints = 4
height = 24
width = 24


class Model(nn.Module):
    def __init__(self, omega: float, theta: float, epsilon: float, alpha: float):
        super().__init__()
        self.omega = omega
        self.theta = theta
        self.epsilon = epsilon
        self.alpha = alpha

    def forward(self, pred: torch.Tensor, target: torch.Tensor) -> torch.Tensor:
        delta = (target - pred).abs()
        e = self.alpha - target
        r = self.theta / self.epsilon
        A = self.omega * (1 / (1 + torch.pow(r, e))) * e * torch.pow(r, e - 1) * (1 / self.epsilon)
        C = self.theta * A - self.omega * torch.log(1 + torch.pow(r, e))
        loss = torch.where(delta < self.theta,
                           self.omega * torch.log(1 + torch.pow(delta / self.epsilon, e)),
                           A * delta - C)
        return loss.mean()


def get_inputs():
    ys = torch.arange(height, dtype=torch.float32)[:, None]
    xs = torch.arange(width, dtype=torch.float32)[None, :]
    cy = torch.rand(batch_size, num_keypoints, 1, 1) * height
    cx = torch.rand(batch_size, num_keypoints, 1, 1) * width
    target = torch.exp(-((ys - cy) ** 2 + (xs - cx) ** 2) / (2 * 2.0 ** 2))
    pred = target + 0.4 * torch.randn(batch_size, num_keypoints, height, width)
    return [pred, target]


def get_init_inputs():
    return [14.0, 0.5, 1.0, 2.1]
