"""Dense gradient of an embedding table (aten embedding_dense_backward) with padding_idx and
scale_grad_by_freq=True: grad_weight[v] = sum over tokens t with index v of grad_out[t] / count(v);
the padding row gets no gradient."""

import torch
import torch.nn as nn

batch_size = 4
seq_len = 32
num_embeddings = 50
embedding_dim = 64
padding_idx = 1


class Model(nn.Module):
    def __init__(self, num_embeddings: int, padding_idx: int):
        super().__init__()
        self.num_embeddings = num_embeddings
        self.padding_idx = padding_idx

    def forward(self, grad_out: torch.Tensor, indices: torch.Tensor) -> torch.Tensor:
        idx = indices.reshape(-1)
        g = grad_out.reshape(idx.numel(), -1)
        counts = torch.bincount(idx, minlength=self.num_embeddings).to(g.dtype)
        scaled = g / counts[idx].unsqueeze(1)
        gw = torch.zeros(self.num_embeddings, g.shape[1], dtype=g.dtype, device=g.device)
        gw.index_add_(0, idx, scaled)
        gw[self.padding_idx] = 0.0
        return gw


def get_inputs():
    indices = torch.randint(0, num_embeddings // 2, (batch_size, seq_len))
    indices[:, -5:] = padding_idx
    grad_out = torch.randn(batch_size, seq_len, embedding_dim)
    return [grad_out, indices]


def get_init_inputs():
    return [num_embeddings, padding_idx]
