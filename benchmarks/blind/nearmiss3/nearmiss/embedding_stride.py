import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def _embedding_fwd(idx_ptr, w_ptr, y_ptr, stride_w, D, BLOCK: tl.constexpr):
    tok = tl.program_id(0)
    i = tl.load(idx_ptr + tok)
    offs = tl.arange(0, BLOCK)
    mask = offs < D
    row = tl.load(w_ptr + i * stride_w + offs, mask=mask, other=0.0)
    tl.store(y_ptr + tok * D + offs, row, mask=mask)


class ModelNew(nn.Module):
    def __init__(self, num_embeddings, embedding_dim):
        super().__init__()
        self.emb = nn.Embedding(num_embeddings, embedding_dim)

    def forward(self, idx):
        w = self.emb.weight
        D = w.shape[1]
        flat = idx.reshape(-1).contiguous()
        y = torch.empty(flat.numel(), D, dtype=w.dtype, device=w.device)
        _embedding_fwd[(flat.numel(),)](flat, w, y, w.stride(1), D, BLOCK=triton.next_power_of_2(D))
        return y.reshape(*idx.shape, D)
