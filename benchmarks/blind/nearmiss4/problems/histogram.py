import torch
import torch.nn as nn

num_values = 20000
num_bins = 37


class Model(nn.Module):
    """Counts of each bin index (int32), like torch.bincount with minlength."""

    def __init__(self, num_bins):
        super().__init__()
        self.num_bins = num_bins

    def forward(self, idx):
        return torch.bincount(idx, minlength=self.num_bins).to(torch.int32)


def get_inputs():
    return [torch.randint(0, num_bins, (num_values,), dtype=torch.int64)]


def get_init_inputs():
    return [num_bins]
