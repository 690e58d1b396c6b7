"""Matrix NMS (SOLOv2, Gaussian decay) for one class: masks are in descending score order; pairwise mask
IoU of every mask with the higher-scored ones, a compensation term per mask (its own largest IoU with a
higher-scored mask) and the decayed score = score * min_i exp(-sigma * iou_ij^2) / exp(-sigma * comp_i^2)."""

import torch
import torch.nn as nn

num_masks = 40
height = 24
width = 24


class Model(nn.Module):
    def __init__(self, sigma=2.0):
        super().__init__()
        self.sigma = sigma

    def forward(self, masks, scores):
        n = masks.shape[0]
        m = masks.reshape(n, -1).to(scores.dtype)
        areas = m.sum(dim=1)
        inter = m @ m.t()
        union = areas[:, None] + areas[None, :] - inter
        iou = (inter / union).triu(diagonal=1)
        comp = iou.max(dim=0).values
        decay = torch.exp(-self.sigma * iou * iou) / torch.exp(-self.sigma * comp[:, None] * comp[:, None])
        return scores * decay.min(dim=0).values


def get_inputs():
    yy = torch.arange(height, dtype=torch.float32)[None, :, None]
    xx = torch.arange(width, dtype=torch.float32)[None, None, :]
    cy = torch.rand(num_masks, 1, 1) * height
    cx = torch.rand(num_masks, 1, 1) * width
    r = torch.rand(num_masks, 1, 1) * 6.0 + 2.0
    masks = ((yy - cy) ** 2 + (xx - cx) ** 2) <= r * r
    masks[:, int(height // 2), int(width // 2)] |= torch.rand(num_masks) < 0.5
    masks[:, 0, 0] = True
    scores = torch.sort(torch.rand(num_masks), descending=True).values
    return [masks, scores]


def get_init_inputs():
    return []
