"""Per-base read depth of a reference sequence from aligned read intervals [start, end) (as samtools depth -a, int64)."""

import torch
import torch.nn as nn

num_reads = 500
genome_length = 2000


class Model(nn.Module):
    def __init__(self, genome_length: int):
        super().__init__()
        self.g = genome_length

    def forward(self, start: torch.Tensor, end: torch.Tensor) -> torch.Tensor:
        diff = torch.zeros(self.g + 1, dtype=torch.int64, device=start.device)
        ones = torch.ones_like(start)
        diff.index_add_(0, start, ones)
        diff.index_add_(0, end, -ones)
        return torch.cumsum(diff, 0)[: self.g]


def get_inputs():
    start = torch.randint(0, genome_length - 20, (num_reads,))
    ln = torch.randint(20, 151, (num_reads,))
    end = torch.minimum(start + ln, torch.tensor(genome_length))
    return [start, end]


def get_init_inputs():
    return [genome_length]
