"""DETR-style normalised 2-D sine position embedding of a padded image batch (mask True = padding), channels first."""

import math

import torch
import torch.nn as nn

batch_size = 3
height = 16
width = 24
num_pos_feats = 32
temperature = 10000


class Model(nn.Module):
    def __init__(self, num_pos_feats: int, temperature: int):
        super().__init__()
        self.num_pos_feats = num_pos_feats
        self.temperature = temperature
        self.scale = 2 * math.pi

    def forward(self, mask: torch.Tensor) -> torch.Tensor:
        not_mask = ~mask
        y_embed = not_mask.cumsum(1, dtype=torch.float32)
        x_embed = not_mask.cumsum(2, dtype=torch.float32)
        eps = 1e-6
        y_embed = y_embed / (y_embed[:, -1:, :] + eps) * self.scale
        x_embed = x_embed / (x_embed[:, :, -1:] + eps) * self.scale
        dim_t = torch.arange(self.num_pos_feats, dtype=torch.float32, device=mask.device)
        dim_t = self.temperature ** (2 * (dim_t // 2) / self.num_pos_feats)
        pos_x = x_embed[:, :, :, None] / dim_t
        pos_y = y_embed[:, :, :, None] / dim_t
        pos_x = torch.stack((pos_x[:, :, :, 0::2].sin(), pos_x[:, :, :, 1::2].cos()), dim=4).flatten(3)
        pos_y = torch.stack((pos_y[:, :, :, 0::2].sin(), pos_y[:, :, :, 1::2].cos()), dim=4).flatten(3)
        return torch.cat((pos_y, pos_x), dim=3).permute(0, 3, 1, 2)


def get_inputs():
    valid_h = torch.randint(height // 2, height + 1, (batch_size,))
    valid_w = torch.randint(width // 2, width + 1, (batch_size,))
    valid_h[0] = height - 3
    valid_w[0] = width - 5
    mask = torch.ones(batch_size, height, width, dtype=torch.bool)
    for b in range(batch_size):
        mask[b, : int(valid_h[b]), : int(valid_w[b])] = False
    return [mask]


def get_init_inputs():
    return [num_pos_feats, temperature]
