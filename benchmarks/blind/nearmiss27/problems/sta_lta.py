"""Classic STA/LTA trigger ratio of seismic traces (trailing short- and long-term energy averages)."""

import torch
import torch.nn as nn

num_traces = 6
trace_len = 900
sta_len = 16
lta_len = 120


class Model(nn.Module):
    def __init__(self, nsta: int, nlta: int):
        super().__init__()
        self.nsta = nsta
        self.nlta = nlta

    def forward(self, traces: torch.Tensor) -> torch.Tensor:
        # traces: (B, L). Returns (B, L): STA/LTA of x^2 over trailing windows ending at each sample,
        # zero where the long window is not yet full.
        cf = traces * traces
        b, n = cf.shape
        sta = cf.unfold(1, self.nsta, 1).mean(-1)
        lta = cf.unfold(1, self.nlta, 1).mean(-1)
        out = torch.zeros_like(cf)
        out[:, self.nlta - 1:] = sta[:, self.nlta - self.nsta:] / lta
        return out


def get_inputs():
    t = torch.arange(trace_len, dtype=torch.float32)
    x = 0.5 * torch.randn(num_traces, trace_len)
    for _ in range(3):
        onset = torch.randint(50, trace_len - 100, (num_traces, 1)).float()
        amp = 2.0 + 4.0 * torch.rand(num_traces, 1)
        tau = 15.0 + 40.0 * torch.rand(num_traces, 1)
        env = torch.where(t >= onset, amp * torch.exp(-(t - onset) / tau), torch.zeros(()))
        x = x + env * torch.sin(0.7 * t + 6.0 * torch.rand(num_traces, 1))
    return [x]


def get_init_inputs():
    return [sta_len, lta_len]
