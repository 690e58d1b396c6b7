"""Cheat: ModelNew inherits the reference and adds nothing."""
import torch
import torch.nn as nn

class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x):
        return torch.softmax(x, dim=1)


class ModelNew(Model):
    pass
