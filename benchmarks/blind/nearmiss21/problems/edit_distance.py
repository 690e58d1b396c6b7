"""Levenshtein edit distance between pairs of padded integer sequences with lengths
(torchaudio.functional.edit_distance per pair)."""

import torch
import torch.nn as nn

batch_size = 6
max_len_a = 13
max_len_b = 19
vocab_size = 4


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, a: torch.Tensor, b: torch.Tensor, len_a: torch.Tensor, len_b: torch.Tensor) -> torch.Tensor:
        out = []
        for seq_a, seq_b, na, nb in zip(a.tolist(), b.tolist(), len_a.tolist(), len_b.tolist()):
            seq_a, seq_b = seq_a[:na], seq_b[:nb]
            prev = list(range(nb + 1))
            for i in range(1, na + 1):
                cur = [i] + [0] * nb
                for j in range(1, nb + 1):
                    cost = 0 if seq_a[i - 1] == seq_b[j - 1] else 1
                    cur[j] = min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + cost)
                prev = cur
            out.append(prev[nb])
        return torch.tensor(out, dtype=torch.int64, device=a.device)


def get_inputs():
    a = torch.randint(0, vocab_size, (batch_size, max_len_a))
    b = torch.randint(0, vocab_size, (batch_size, max_len_b))
    len_a = torch.randint(1, max_len_a + 1, (batch_size,))
    len_b = torch.randint(1, max_len_b, (batch_size,))
    len_a[0] = max_len_a
    len_b[0] = max_len_b
    len_a[1] = 1
    return [a, b, len_a, len_b]


def get_init_inputs():
    return []
