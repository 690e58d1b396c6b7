"""Smith-Waterman local alignment scores (linear gap penalty) for a batch of DNA sequence pairs."""

import torch
import torch.nn as nn

num_pairs = 48
len_a = 22
len_b = 30
match_score = 2
mismatch_penalty = 1
gap_penalty = 2


class Model(nn.Module):
    def __init__(self, match: int, mismatch: int, gap: int):
        super().__init__()
        self.match = float(match)
        self.mismatch = float(mismatch)
        self.gap = float(gap)

    def forward(self, seq_a: torch.Tensor, seq_b: torch.Tensor) -> torch.Tensor:
        # seq_a: (P, La) int64 base codes 0-3; seq_b: (P, Lb). Returns the best local score (P,) float32.
        pairs, la = seq_a.shape
        lb = seq_b.shape[1]
        prev = torch.zeros(pairs, lb + 1, device=seq_a.device)
        best = torch.zeros(pairs, device=seq_a.device)
        for i in range(la):
            cur = torch.zeros(pairs, lb + 1, device=seq_a.device)
            for j in range(1, lb + 1):
                s = torch.where(seq_a[:, i] == seq_b[:, j - 1],
                                torch.full_like(best, self.match), torch.full_like(best, -self.mismatch))
                h = torch.maximum(prev[:, j - 1] + s, prev[:, j] - self.gap)
                h = torch.maximum(h, cur[:, j - 1] - self.gap)
                cur[:, j] = h.clamp_min(0.0)
            best = torch.maximum(best, cur.max(dim=1).values)
            prev = cur
        return best


def get_inputs():
    a = torch.randint(0, 4, (num_pairs, len_a))
    b = torch.randint(0, 4, (num_pairs, len_b))
    # plant a mutated copy of an inner stretch of a inside b (so the best alignment is local)
    seg = a[:, 4:len_a - 4].clone()
    flip = torch.rand(seg.shape) < 0.2
    seg = torch.where(flip, torch.randint(0, 4, seg.shape), seg)
    start = (len_b - seg.shape[1]) // 2
    b[:, start:start + seg.shape[1]] = seg
    return [a, b]


def get_init_inputs():
    return [match_score, mismatch_penalty, gap_penalty]
