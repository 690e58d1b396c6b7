"""COCO object keypoint similarity (OKS) per instance: mean over visible keypoints of
exp(-d^2 / (2 * area * (2 * sigma)^2)); 0 for an instance without visible keypoints."""

import torch
import torch.nn as nn

num_instances = 200

COCO_SIGMAS = [0.026, 0.025, 0.025, 0.035, 0.035, 0.079, 0.079, 0.072, 0.072,
               0.062, 0.062, 0.107, 0.107, 0.087, 0.087, 0.089, 0.089]


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.register_buffer("sigmas", torch.tensor(COCO_SIGMAS, dtype=torch.float32))

    def forward(self, pred, gt, visibility, area):
        var = (2.0 * self.sigmas) ** 2
        d2 = ((pred - gt) ** 2).sum(-1)
        e = d2 / var[None, :] / area[:, None] / 2.0
        vis = (visibility > 0).to(pred.dtype)
        count = vis.sum(dim=1)
        total = (torch.exp(-e) * vis).sum(dim=1)
        return torch.where(count > 0, total / count.clamp(min=1.0), torch.zeros_like(total))


def get_inputs():
    k = len(COCO_SIGMAS)
    gt = torch.rand(num_instances, k, 2) * 200.0
    area = 500.0 + torch.rand(num_instances) * 5000.0
    pred = gt + torch.randn(num_instances, k, 2) * (area.sqrt()[:, None, None] * 0.08)
    visibility = torch.randint(0, 3, (num_instances, k))
    visibility[0] = 0
    return [pred, gt, visibility, area]


def get_init_inputs():
    return []
