"""TCP retransmission timeout estimation (RFC 6298) over per-flow RTT sample sequences (ms): the first sample sets
SRTT = R, RTTVAR = R / 2; later samples update RTTVAR = (1 - beta) RTTVAR + beta |SRTT - R| (with the old SRTT),
then SRTT = (1 - alpha) SRTT + alpha R; RTO = SRTT + max(G, 4 RTTVAR), clamped to [rto_min, rto_max].
Output (B, T): the RTO after each sample."""

import torch
import torch.nn as nn

num_flows = 64
num_samples = 150


class Model(nn.Module):
    def __init__(self, alpha: float = 0.125, beta: float = 0.25, granularity: float = 10.0,
                 rto_min: float = 200.0, rto_max: float = 60000.0):
        super().__init__()
        self.alpha, self.beta, self.G = alpha, beta, granularity
        self.rto_min, self.rto_max = rto_min, rto_max

    def forward(self, rtt: torch.Tensor) -> torch.Tensor:
        srtt = rtt[:, 0]
        rttvar = rtt[:, 0] / 2.0
        out = [torch.clamp(srtt + torch.clamp(4.0 * rttvar, min=self.G), self.rto_min, self.rto_max)]
        for t in range(1, rtt.shape[1]):
            r = rtt[:, t]
            rttvar = (1.0 - self.beta) * rttvar + self.beta * torch.abs(srtt - r)
            srtt = (1.0 - self.alpha) * srtt + self.alpha * r
            out.append(torch.clamp(srtt + torch.clamp(4.0 * rttvar, min=self.G), self.rto_min, self.rto_max))
        return torch.stack(out, dim=1)


def get_inputs():
    base = 20.0 + 280.0 * torch.rand(num_flows, 1)
    jitter = torch.exp(0.3 * torch.rand(num_flows, 1) * torch.randn(num_flows, num_samples))
    spikes = 1.0 + 2.0 * (torch.rand(num_flows, num_samples) < 0.03).float()
    return [base * jitter * spikes]


def get_init_inputs():
    return []
