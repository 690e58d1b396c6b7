"""Linear-chain CRF Viterbi decoding (batch first, right-padded sequences given by their lengths):
the highest-scoring tag path under start / end / transition scores, padded with -1 after each length."""

import torch
import torch.nn as nn

batch_size = 4
seq_len = 14
num_tags = 7


class Model(nn.Module):
    def __init__(self, num_tags: int):
        super().__init__()
        self.start_transitions = nn.Parameter(torch.randn(num_tags) * 0.5)
        self.end_transitions = nn.Parameter(torch.randn(num_tags) * 2.0)
        self.transitions = nn.Parameter(torch.randn(num_tags, num_tags) * 0.5)

    def forward(self, emissions, lengths):
        B, T, C = emissions.shape
        mask = torch.arange(T, device=emissions.device)[None, :] < lengths[:, None]
        score = self.start_transitions[None, :] + emissions[:, 0]
        history = []
        for t in range(1, T):
            nxt = score[:, :, None] + self.transitions[None] + emissions[:, t, None, :]
            best, idx = nxt.max(dim=1)
            score = torch.where(mask[:, t, None], best, score)
            history.append(idx)
        score = score + self.end_transitions[None, :]
        out = torch.full((B, T), -1, dtype=torch.long, device=emissions.device)
        for b in range(B):
            L = int(lengths[b])
            cur = int(score[b].argmax())
            out[b, L - 1] = cur
            for t in range(L - 1, 0, -1):
                cur = int(history[t - 1][b, cur])
                out[b, t - 1] = cur
        return out


def get_inputs():
    emissions = torch.randn(batch_size, seq_len, num_tags) * 0.5
    lengths = torch.randint(2, seq_len, (batch_size,))
    lengths[0] = seq_len
    return [emissions, lengths]


def get_init_inputs():
    return [num_tags]
