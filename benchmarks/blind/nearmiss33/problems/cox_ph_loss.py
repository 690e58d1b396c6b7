"""Cox proportional-hazards partial-likelihood loss (Breslow handling of tied times): mean over observed events of
the log-sum-exp of the risk set's log-hazards minus the event's own log-hazard; a 0-dim result."""

import torch
import torch.nn as nn

num_samples = 300


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, log_h: torch.Tensor, durations: torch.Tensor, events: torch.Tensor) -> torch.Tensor:
        n = log_h.size(0)
        risk = durations[None, :] >= durations[:, None]
        scores = log_h[None, :].expand(n, n).masked_fill(~risk, float("-inf"))
        log_risk = torch.logsumexp(scores, dim=1)
        ev = events.to(log_h.dtype)
        return -((log_h - log_risk) * ev).sum() / ev.sum().clamp(min=1.0)


def get_inputs():
    log_h = torch.randn(num_samples)
    durations = torch.rand(num_samples) * 10.0
    events = (torch.rand(num_samples) < 0.7).long()
    return [log_h, durations, events]


def get_init_inputs():
    return []
