"""Batched dynamic loss-scaler step (torch.amp.GradScaler semantics of
_amp_foreach_non_finite_check_and_unscale_ + _amp_update_scale_) for several independent scalers,
one flat gradient row each. Returns (unscaled grads | found_inf | new scale | new growth tracker)
packed as float32 of shape (num_scalers, numel + 3)."""

import torch
import torch.nn as nn

num_scalers = 6
numel = 1500
growth_interval = 3


class Model(nn.Module):
    def __init__(self, growth_factor: float, backoff_factor: float, growth_interval: int):
        super().__init__()
        self.growth_factor = growth_factor
        self.backoff_factor = backoff_factor
        self.growth_interval = growth_interval

    def forward(self, grads: torch.Tensor, scale: torch.Tensor, tracker: torch.Tensor) -> torch.Tensor:
        unscaled = grads * (1.0 / scale)[:, None]
        found = (~torch.isfinite(grads)).any(dim=1)
        succ = tracker + 1
        grow = (~found) & (succ == self.growth_interval)
        new_scale = torch.where(found, scale * self.backoff_factor,
                                torch.where(grow, scale * self.growth_factor, scale))
        new_tracker = torch.where(found | grow, torch.zeros_like(succ), succ)
        return torch.cat([unscaled, found.float()[:, None], new_scale[:, None], new_tracker.float()[:, None]], dim=1)


def get_inputs():
    grads = torch.randn(num_scalers, numel) * 1024.0
    grads[0, torch.randint(0, 500, (1,))] = float("inf")
    grads[1, torch.randint(0, 500, (1,))] = float("nan")
    grads[2, torch.randint(numel - 400, numel, (1,))] = float("-inf")
    scale = 2.0 ** torch.randint(8, 16, (num_scalers,)).float()
    tracker = torch.randint(0, growth_interval - 1, (num_scalers,), dtype=torch.int32)
    tracker[0] = growth_interval - 1
    tracker[3] = growth_interval - 1
    return [grads, scale, tracker]


def get_init_inputs():
    return [2.0, 0.5, growth_interval]
