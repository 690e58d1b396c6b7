"""Convert a jagged batch (values + offsets) to a dense padded tensor, truncating long sequences."""

import torch
import torch.nn as nn

batch_size = 6
max_len = 40
features = 24


class Model(nn.Module):
    """values (total, D), offsets (B + 1,) -> (B, max_len, D) filled with pad_value past each length."""

    def __init__(self, max_len: int, pad_value: float = -1.0):
        super().__init__()
        self.max_len = max_len
        self.pad_value = pad_value

    def forward(self, values: torch.Tensor, offsets: torch.Tensor) -> torch.Tensor:
        B = offsets.numel() - 1
        out = values.new_full((B, self.max_len, values.shape[1]), self.pad_value)
        offs = offsets.tolist()
        for b in range(B):
            seg = values[offs[b]:offs[b + 1]][: self.max_len]
            out[b, : seg.shape[0]] = seg
        return out


def get_inputs():
    lengths = torch.randint(0, max_len + 9, (batch_size,))
    offsets = torch.cat([torch.zeros(1, dtype=torch.int64), lengths.cumsum(0)])
    return [torch.randn(int(offsets[-1]), features), offsets]


def get_init_inputs():
    return [max_len, -1.0]
