"""Per-row autocovariance for lags 0..max_lag-1 (mean-centred, each lag averaged over its pairs)."""

import torch
import torch.nn as nn

batch_size = 16
length = 400
max_lag = 48


class Model(nn.Module):
    def __init__(self, max_lag: int):
        super().__init__()
        self.max_lag = max_lag

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        n = x.shape[1]
        xc = x - x.mean(dim=1, keepdim=True)
        outs = [(xc[:, : n - k] * xc[:, k:]).sum(dim=1) / (n - k) for k in range(self.max_lag)]
        return torch.stack(outs, dim=1)


def get_inputs():
    return [torch.randn(batch_size, length).cumsum(dim=1) * 0.2]


def get_init_inputs():
    return [max_lag]
