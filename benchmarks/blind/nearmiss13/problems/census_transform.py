"""3x3 census transform with replicate borders: one bit per neighbour darker than the centre."""

import torch
import torch.nn as nn
import torch.nn.functional as F

batch_size = 2
height = 20
width = 33


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, img):
        H, W = img.shape[1], img.shape[2]
        p = F.pad(img[:, None], (1, 1, 1, 1), mode="replicate")[:, 0]
        code = torch.zeros(img.shape, dtype=torch.int64)
        bit = 0
        for dy in (-1, 0, 1):
            for dx in (-1, 0, 1):
                if dy == 0 and dx == 0:
                    continue
                nb = p[:, 1 + dy:1 + dy + H, 1 + dx:1 + dx + W]
                code = code | ((nb < img).long() << bit)
                bit += 1
        return code


def get_inputs():
    return [torch.randn(batch_size, height, width) * 2.0]


def get_init_inputs():
    return []
