"""One shard of a vocabulary-parallel embedding (Megatron / vLLM VocabParallelEmbedding): rows of ids outside
[vocab_start, vocab_start + shard_size) are zero."""

import torch
import torch.nn as nn

batch_size = 4
seq_len = 256
vocab_size = 3000
shard_size = 700
vocab_start = 1400
embed_dim = 64


class Model(nn.Module):
    def __init__(self, shard_size, vocab_start, embed_dim):
        super().__init__()
        self.vocab_start = vocab_start
        self.weight = nn.Parameter(torch.randn(shard_size, embed_dim))

    def forward(self, ids: torch.Tensor) -> torch.Tensor:
        end = self.vocab_start + self.weight.shape[0]
        in_shard = (ids >= self.vocab_start) & (ids < end)
        local = torch.where(in_shard, ids - self.vocab_start, torch.zeros_like(ids))
        emb = self.weight[local]
        return emb * in_shard[..., None].to(emb.dtype)


def get_inputs():
    ids = torch.randint(0, vocab_size, (batch_size, seq_len))
    ids[:, 0] = vocab_start
    ids[:, 1] = vocab_start + shard_size - 1
    ids[:, 2] = vocab_start + shard_size
    ids[:, 3] = vocab_start - 1
    return [ids]


def get_init_inputs():
    return [shard_size, vocab_start, embed_dim]
