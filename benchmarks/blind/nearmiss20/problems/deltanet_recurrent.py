"""DeltaNet recurrence (flash-linear-attention fused_recurrent_delta_rule, q/k L2-normalised in the kernel).

Per (batch, head), with a (d_k x d_v) state S starting at 0 and q scaled by d_k ** -0.5:
u_t = beta_t * (v_t - S^T k_t);  S <- S + k_t u_t^T;  o_t = S^T q_t.
q, k, v: (batch, heads, time, dim); beta: (batch, heads, time) in (0, 1).
"""

import torch
import torch.nn as nn

batch_size = 2
num_heads = 2
seq_len = 32
head_dim = 16


def _l2norm(x, eps=1e-6):
    return x * torch.rsqrt((x * x).sum(-1, keepdim=True) + eps)


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, q, k, v, beta):
        B, H, T, Dk = q.shape
        Dv = v.shape[-1]
        q = _l2norm(q) * Dk ** -0.5
        k = _l2norm(k)
        S = torch.zeros(B, H, Dk, Dv, dtype=q.dtype, device=q.device)
        out = torch.empty(B, H, T, Dv, dtype=q.dtype, device=q.device)
        for t in range(T):
            kt = k[:, :, t]
            pred = torch.einsum("bhkv,bhk->bhv", S, kt)
            u = beta[:, :, t, None] * (v[:, :, t] - pred)
            S = S + kt.unsqueeze(-1) * u.unsqueeze(-2)
            out[:, :, t] = torch.einsum("bhkv,bhk->bhv", S, q[:, :, t])
        return out


def get_inputs():
    q = torch.randn(batch_size, num_heads, seq_len, head_dim)
    k = torch.randn(batch_size, num_heads, seq_len, head_dim)
    v = torch.randn(batch_size, num_heads, seq_len, head_dim)
    beta = torch.rand(batch_size, num_heads, seq_len) * 0.9 + 0.05
    return [q, k, v, beta]


def get_init_inputs():
    return []
