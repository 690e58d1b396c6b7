"""Linear-chain CRF negative log-likelihood per sequence (pytorch-crf style, batch first, no reduction):
log Z (forward algorithm over the valid steps of each sequence) minus the score of the gold tag path,
with start / end / transition scores; sequences are right-padded and described by their lengths."""

import torch
import torch.nn as nn

batch_size = 4
seq_len = 12
num_tags = 6


class Model(nn.Module):
    def __init__(self, num_tags: int):
        super().__init__()
        self.start_transitions = nn.Parameter(torch.randn(num_tags) * 0.5)
        self.end_transitions = nn.Parameter(torch.randn(num_tags) * 2.0)
        self.transitions = nn.Parameter(torch.randn(num_tags, num_tags) * 0.5)

    def forward(self, emissions, tags, lengths):
        B, T, C = emissions.shape
        ar = torch.arange(B, device=emissions.device)
        mask = torch.arange(T, device=emissions.device)[None, :] < lengths[:, None]
        score = self.start_transitions[tags[:, 0]] + emissions[ar, 0, tags[:, 0]]
        for t in range(1, T):
            step = self.transitions[tags[:, t - 1], tags[:, t]] + emissions[ar, t, tags[:, t]]
            score = score + step * mask[:, t]
        last = tags.gather(1, (lengths - 1)[:, None]).squeeze(1)
        score = score + self.end_transitions[last]
        alpha = self.start_transitions[None, :] + emissions[:, 0]
        for t in range(1, T):
            nxt = torch.logsumexp(alpha[:, :, None] + self.transitions[None] + emissions[:, t, None, :], dim=1)
            alpha = torch.where(mask[:, t, None], nxt, alpha)
        log_z = torch.logsumexp(alpha + self.end_transitions[None, :], dim=1)
        return log_z - score


def get_inputs():
    emissions = torch.randn(batch_size, seq_len, num_tags) * 2.0
    tags = torch.randint(0, num_tags, (batch_size, seq_len))
    lengths = torch.randint(2, seq_len, (batch_size,))
    lengths[0] = seq_len
    return [emissions, tags, lengths]


def get_init_inputs():
    return [num_tags]
