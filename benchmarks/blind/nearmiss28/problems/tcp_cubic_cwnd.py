"""TCP CUBIC congestion window (RFC 9438) at time t after the last reduction, with the Reno-friendly region."""

import torch
import torch.nn as nn

num_flows = 5000

CUBIC_C = 0.4
CUBIC_BETA = 0.7


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, w_max: torch.Tensor, t: torch.Tensor, rtt: torch.Tensor) -> torch.Tensor:
        # w_max: (N,) window before the last reduction (segments); t: (N,) seconds since the reduction;
        # rtt: (N,) smoothed round-trip time in seconds. Returns (N,) float32 congestion windows.
        w = w_max.double()
        tt = t.double()
        k = torch.pow(w * (1.0 - CUBIC_BETA) / CUBIC_C, 1.0 / 3.0)
        w_cubic = CUBIC_C * (tt - k) ** 3 + w
        w_est = w * CUBIC_BETA + (3.0 * (1.0 - CUBIC_BETA) / (1.0 + CUBIC_BETA)) * tt / rtt.double()
        return torch.maximum(w_cubic, w_est).float()


def get_inputs():
    n = num_flows
    w_max = torch.exp(torch.empty(n).uniform_(2.3, 7.6))
    t = 8.0 * torch.rand(n)
    rtt = torch.exp(torch.empty(n).uniform_(-5.3, -1.2))
    return [w_max, t, rtt]


def get_init_inputs():
    return []
