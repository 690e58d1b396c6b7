"""No-repeat-n-gram logits processor (Hugging Face style): a token that would complete an n-gram already in the
sequence gets the fill value."""

import torch
import torch.nn as nn

batch_size = 4
seq_len = 24
vocab_size = 16
ngram_size = 3
num_tokens_used = 4


class Model(nn.Module):
    def __init__(self, ngram_size, fill_value=-10000.0):
        super().__init__()
        self.n, self.fill_value = ngram_size, fill_value

    def forward(self, input_ids, scores):
        b, l = input_ids.shape
        n = self.n
        banned = torch.zeros_like(scores, dtype=torch.bool)
        ids = input_ids.tolist()
        for r in range(b):
            prefix = ids[r][l - n + 1:]
            for t in range(l - n + 1):
                if ids[r][t:t + n - 1] == prefix:
                    banned[r, ids[r][t + n - 1]] = True
        return scores.masked_fill(banned, self.fill_value)


def get_inputs():
    ids = torch.randint(0, num_tokens_used, (batch_size, seq_len))
    return [ids, torch.randn(batch_size, vocab_size)]


def get_init_inputs():
    return [ngram_size]
