import torch
import torch.nn as nn

batch_size = 12
dim = 1500


class Model(nn.Module):
    """For each row, the value of `values` at the position of the row maximum of `scores`."""

    def __init__(self):
        super().__init__()

    def forward(self, scores, values):
        idx = scores.argmax(dim=1, keepdim=True)
        return values.gather(1, idx).squeeze(1)


def get_inputs():
    return [torch.randn(batch_size, dim), torch.randn(batch_size, dim)]


def get_init_inputs():
    return []
