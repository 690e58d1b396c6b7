"""Internal rate of return of each cash-flow row by Newton's method (numpy-financial style, 40 steps from 0.1)."""

import torch
import torch.nn as nn

num_rows = 50
num_periods = 30
iters = 40


class Model(nn.Module):
    def __init__(self, iters: int):
        super().__init__()
        self.iters = iters

    def forward(self, flows: torch.Tensor) -> torch.Tensor:
        t = torch.arange(flows.shape[1], device=flows.device, dtype=flows.dtype)
        r = torch.full((flows.shape[0], 1), 0.1, device=flows.device, dtype=flows.dtype)
        for _ in range(self.iters):
            disc = torch.pow(1.0 + r, -t)
            f = (flows * disc).sum(dim=1, keepdim=True)
            df = (-t * flows * disc / (1.0 + r)).sum(dim=1, keepdim=True)
            r = r - f / df
        return r.squeeze(1)


def get_inputs():
    principal = 500.0 + 1000.0 * torch.rand(num_rows, 1)
    rate = 0.01 + 0.14 * torch.rand(num_rows, 1)
    w = 0.2 + torch.rand(num_rows, num_periods - 1)
    t = torch.arange(1, num_periods, dtype=torch.float32)
    scale = principal / (w * torch.pow(1.0 + rate, -t)).sum(dim=1, keepdim=True)
    flows = torch.cat([-principal, w * scale], dim=1)
    return [flows]


def get_init_inputs():
    return [iters]
