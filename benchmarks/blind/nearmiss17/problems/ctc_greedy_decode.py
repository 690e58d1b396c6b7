"""CTC greedy decoding per frame: argmax token (first index on ties), -1 where it is blank or repeats the previous frame's argmax."""

import torch
import torch.nn as nn

batch_size = 4
num_frames = 50
vocab_size = 300
blank = 0


class Model(nn.Module):
    def __init__(self, blank: int):
        super().__init__()
        self.blank = blank

    def forward(self, logits: torch.Tensor) -> torch.Tensor:
        idx = logits.argmax(dim=-1)
        prev = torch.cat([torch.full_like(idx[:, :1], -1), idx[:, :-1]], dim=1)
        keep = (idx != self.blank) & (idx != prev)
        return torch.where(keep, idx, torch.full_like(idx, -1))


def get_inputs():
    path = torch.randint(1, vocab_size, (batch_size, num_frames))
    u = torch.rand(batch_size, num_frames)
    path[u < 0.35] = blank
    for t in range(1, num_frames):
        rep = u[:, t] > 0.7
        path[rep, t] = path[rep, t - 1]
    path[0, 0] = 7
    logits = torch.randn(batch_size, num_frames, vocab_size)
    logits.scatter_add_(2, path[:, :, None], torch.full((batch_size, num_frames, 1), 3.0))
    return [logits]


def get_init_inputs():
    return [blank]
