"""BWA-style 3'-end quality trimming of sequencing reads (Phred+33 quality strings): kept read lengths."""

import torch
import torch.nn as nn

num_reads = 64
read_len = 100
trim_quality = 20
min_length = 30


class Model(nn.Module):
    def __init__(self, threshold: int, min_len: int):
        super().__init__()
        self.threshold = threshold
        self.min_len = min_len

    def forward(self, qual_ascii: torch.Tensor) -> torch.Tensor:
        # qual_ascii: (R, L) int64 Phred+33 characters. Returns (R,) int64 kept lengths.
        reads, length = qual_ascii.shape
        q = qual_ascii - 33
        s = torch.zeros(reads, dtype=torch.int64, device=q.device)
        best = torch.zeros_like(s)
        keep = torch.full_like(s, length)
        stopped = torch.zeros(reads, dtype=torch.bool, device=q.device)
        for i in range(length - 1, self.min_len - 1, -1):
            s = s + (self.threshold - q[:, i])
            stopped = stopped | (s < 0)
            better = (~stopped) & (s > best)
            best = torch.where(better, s, best)
            keep = torch.where(better, torch.full_like(keep, i), keep)
        return keep


def get_inputs():
    pos = torch.arange(read_len, dtype=torch.float32)
    start_q = 30.0 + 8.0 * torch.rand(num_reads, 1)
    onset = torch.randint(35, 95, (num_reads, 1)).float()
    slope = 0.3 + 0.9 * torch.rand(num_reads, 1)
    q = start_q - slope * (pos - onset).clamp_min(0.0) + 4.0 * torch.randn(num_reads, read_len)
    q = q.round().clamp(2, 41).long()
    return [q + 33]


def get_init_inputs():
    return [trim_quality, min_length]
