"""Token-bucket traffic policer per flow: token level after each packet (refill at the flow rate up to the bucket depth)."""

import torch
import torch.nn as nn

num_flows = 64
num_packets = 120


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, arrival: torch.Tensor, size: torch.Tensor, rate: torch.Tensor, depth: torch.Tensor) -> torch.Tensor:
        # arrival: (F, P) seconds, increasing per flow; size: (F, P) bytes; rate: (F,) bytes/s; depth: (F,) bytes.
        # The bucket starts full at the first arrival. A packet conforms if it fits in the tokens present,
        # and only conforming packets take tokens. Returns (F, P) token levels after each packet.
        f, p = arrival.shape
        tokens = depth.clone()
        prev = arrival[:, 0].clone()
        out = torch.empty_like(arrival)
        for i in range(p):
            t = arrival[:, i]
            tokens = tokens + rate * (t - prev)
            tokens = torch.minimum(tokens, depth)
            ok = size[:, i] <= tokens
            tokens = tokens - torch.where(ok, size[:, i], torch.zeros_like(tokens))
            out[:, i] = tokens
            prev = t
        return out


def get_inputs():
    gaps = -torch.log(torch.rand(num_flows, num_packets)) * (0.001 + 0.003 * torch.rand(num_flows, 1))
    idle = torch.rand(num_flows, num_packets) < 0.05
    gaps = torch.where(idle, gaps + 0.05, gaps)
    arrival = torch.cumsum(gaps, dim=1)
    size = torch.randint(64, 1501, (num_flows, num_packets)).float()
    rate = 2.0e5 + 4.0e5 * torch.rand(num_flows)
    depth = 3000.0 + 9000.0 * torch.rand(num_flows)
    return [arrival, size, rate, depth]


def get_init_inputs():
    return []
