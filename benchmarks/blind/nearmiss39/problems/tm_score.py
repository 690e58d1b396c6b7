"""TM-score (Zhang and Skolnick 2004) of already superposed model / native C-alpha traces.

Residue i of the model is paired with residue i of the native; rows are zero-padded past the native
length L. With d0 = 1.24 (L - 15)^(1/3) - 1.8 (a real cube root, so negative below 15 residues),
floored at 0.5 as in the TM-score program, TM = (1 / L) sum_{i < L} 1 / (1 + (d_i / d0)^2).
"""

import torch
import torch.nn as nn

num_structures = 64
max_len = 128
min_len = 8


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, model, native, lengths):
        length = lengths.to(torch.float32)
        x = length - 15.0
        cube = torch.sign(x) * torch.pow(torch.abs(x), 1.0 / 3.0)
        d0 = torch.clamp(1.24 * cube - 1.8, min=0.5)
        diff = model - native
        d2 = (diff * diff).sum(dim=2)
        score = 1.0 / (1.0 + d2 / (d0 * d0)[:, None])
        pos = torch.arange(model.shape[1], device=model.device)
        inside = (pos[None, :] < lengths[:, None]).to(torch.float32)
        return (score * inside).sum(dim=1) / length


def get_inputs():
    b, n = num_structures, max_len
    steps = torch.randn(b, n, 3)
    steps = 3.8 * steps / torch.sqrt((steps * steps).sum(dim=2, keepdim=True))
    native = torch.cumsum(steps, dim=1)
    native = native - native.mean(dim=1, keepdim=True)
    spread = torch.exp(torch.log(torch.tensor(0.3)) + torch.log(torch.tensor(30.0)) * torch.rand(b))
    model = native + spread[:, None, None] * torch.randn(b, n, 3)
    lengths = torch.randint(min_len, n + 1, (b,), dtype=torch.int64)
    pad = torch.arange(n)[None, :] >= lengths[:, None]
    model = torch.where(pad[..., None], torch.zeros_like(model), model)
    native = torch.where(pad[..., None], torch.zeros_like(native), native)
    return [model, native, lengths]


def get_init_inputs():
    return []
