"""GC skew (G - C) / (G + C) of sliding windows over integer-coded DNA (0 A, 1 C, 2 G, 3 T); 0 for windows without G or C."""

import torch
import torch.nn as nn

batch_size = 3
length = 1500
window = 50
step = 25


class Model(nn.Module):
    def __init__(self, window: int, step: int):
        super().__init__()
        self.window = window
        self.step = step

    def forward(self, seq: torch.Tensor) -> torch.Tensor:
        w = seq.unfold(1, self.window, self.step)
        g = (w == 2).sum(-1).float()
        c = (w == 1).sum(-1).float()
        tot = g + c
        return torch.where(tot > 0, (g - c) / tot.clamp(min=1.0), torch.zeros_like(tot))


def get_inputs():
    probs = torch.tensor([0.3, 0.18, 0.24, 0.28])
    seq = torch.multinomial(probs, batch_size * length, replacement=True).reshape(batch_size, length)
    for s in (length // 7, length // 2):
        seq[:, s:s + 2 * window] = torch.randint(0, 2, (batch_size, 2 * window)) * 3
    return [seq]


def get_init_inputs():
    return [window, step]
