"""A candidate whose forward never returns (a spin-wait gone wrong)."""
import torch.nn as nn


class ModelNew(nn.Module):
    def forward(self, x):
        while True:
            pass
