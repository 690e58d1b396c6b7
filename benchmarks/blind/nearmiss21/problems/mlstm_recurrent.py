"""xLSTM mLSTM layer, recurrent form with the log-space stabiliser m_t: exponential input gate,
log-sigmoid forget gate, matrix memory C_t = f C_{t-1} + i v_t k_t^T, normaliser n_t = f n_{t-1} + i k_t,
h_t = C_t q_t / (max(|n_t . q_t|, exp(-m_t)) + 1e-6); keys scaled by head_dim ** -0.5."""

import torch
import torch.nn as nn
import torch.nn.functional as F

batch_size = 2
num_heads = 3
seq_len = 19
head_dim = 12


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, q, k, v, i_pre, f_pre):
        B, H, T, D = q.shape
        k = k * D ** -0.5
        C = torch.zeros(B, H, D, D, device=q.device, dtype=q.dtype)
        n = torch.zeros(B, H, D, device=q.device, dtype=q.dtype)
        m = torch.zeros(B, H, device=q.device, dtype=q.dtype)
        outs = []
        for t in range(T):
            logf = F.logsigmoid(f_pre[..., t])
            m_new = torch.maximum(logf + m, i_pre[..., t])
            ig = torch.exp(i_pre[..., t] - m_new)
            fg = torch.exp(logf + m - m_new)
            kt = k[..., t, :]
            C = fg[..., None, None] * C + ig[..., None, None] * v[..., t, :, None] * kt[..., None, :]
            n = fg[..., None] * n + ig[..., None] * kt
            qt = q[..., t, :]
            num = (C @ qt[..., None]).squeeze(-1)
            den = torch.maximum((n * qt).sum(-1).abs(), torch.exp(-m_new)) + 1e-6
            outs.append(num / den[..., None])
            m = m_new
        return torch.stack(outs, dim=2)


def get_inputs():
    q = torch.randn(batch_size, num_heads, seq_len, head_dim)
    k = torch.randn(batch_size, num_heads, seq_len, head_dim)
    v = torch.randn(batch_size, num_heads, seq_len, head_dim)
    i_pre = torch.randn(batch_size, num_heads, seq_len)
    f_pre = torch.randn(batch_size, num_heads, seq_len) + 2.0
    return [q, k, v, i_pre, f_pre]


def get_init_inputs():
    return []
