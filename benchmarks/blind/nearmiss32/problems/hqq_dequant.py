"""HQQ-style 4-bit dequantisation: two nibbles packed per byte (low nibble = even column), per-group zero point and scale along the input dimension."""

import torch
import torch.nn as nn

out_features = 24
in_features = 128
group_size = 32


class Model(nn.Module):
    def __init__(self, group_size: int):
        super().__init__()
        self.group_size = group_size

    def forward(self, w_packed, scale, zero):
        low = (w_packed & 15).to(torch.float32)
        high = (w_packed >> 4).to(torch.float32)
        q = torch.stack([low, high], dim=-1).reshape(w_packed.shape[0], -1)
        s = scale.repeat_interleave(self.group_size, dim=1)
        z = zero.repeat_interleave(self.group_size, dim=1)
        return (q - z) * s


def get_inputs():
    w_packed = torch.randint(0, 256, (out_features, in_features // 2), dtype=torch.uint8)
    scale = torch.rand(out_features, in_features // group_size) * 0.1 + 0.01
    zero = torch.rand(out_features, in_features // group_size) * 15.0
    return [w_packed, scale, zero]


def get_init_inputs():
    return [group_size]
