"""Top-k logits filtering: logits below the k-th largest of their row become -inf (vLLM / HF TopKLogitsWarper)."""

import torch
import torch.nn as nn

batch_size = 6
vocab_size = 100
top_k = 10


class Model(nn.Module):
    def __init__(self, k: int):
        super().__init__()
        self.k = k

    def forward(self, logits):
        thr = torch.topk(logits, self.k, dim=-1).values[:, -1:]
        return logits.masked_fill(logits < thr, float("-inf"))


def get_inputs():
    return [torch.randn(batch_size, vocab_size) * 3.0]


def get_init_inputs():
    return [top_k]
