"""Rice parameter selection for partitioned prediction residuals (as in FLAC encoders): each residual is zigzag
mapped to u = 2r (r >= 0) or -2r - 1 (r < 0); a Rice code with parameter k spends 1 + k + (u >> k) bits on it.
For every partition the parameter k in 0..max_param with the fewest total bits is chosen (the smallest such k on
ties). Output (B, num_partitions, 2) int64: [best k, its total bits]."""

import torch
import torch.nn as nn

batch_size = 8
num_partitions = 16
partition_size = 64
max_param = 14


class Model(nn.Module):
    def __init__(self, partition_size: int, max_param: int):
        super().__init__()
        self.partition_size = partition_size
        self.max_param = max_param

    def forward(self, residual: torch.Tensor) -> torch.Tensor:
        B, N = residual.shape
        r = residual.view(B, N // self.partition_size, self.partition_size)
        u = torch.where(r >= 0, 2 * r, -2 * r - 1)
        ks = torch.arange(self.max_param + 1, device=residual.device).view(1, 1, -1, 1)
        bits = (1 + ks + (u.unsqueeze(2) >> ks)).sum(-1)  # (B, P, K + 1)
        best_k = torch.argmin(bits, dim=2)
        best_bits = bits.gather(2, best_k.unsqueeze(-1)).squeeze(-1)
        return torch.stack([best_k, best_bits], dim=-1)


def get_inputs():
    scale = 2.0 ** (9.0 * torch.rand(batch_size, num_partitions, 1))
    mag = -torch.log(torch.rand(batch_size, num_partitions, partition_size)) * scale
    sign = torch.randint(0, 2, (batch_size, num_partitions, partition_size)) * 2 - 1
    res = (sign * torch.floor(mag)).long()
    return [res.view(batch_size, num_partitions * partition_size)]


def get_init_inputs():
    return [partition_size, max_param]
