"""Real-gated linear recurrent unit scan (Griffin / RecurrentGemma RG-LRU).

r = sigmoid(gate_r), i = sigmoid(gate_i); log a_t = -c * r_t * softplus(-a_param) with c = 8;
h_t = a_t * h_{t-1} + m_t * (i_t * x_t), where m_t = sqrt(1 - a_t^2) except at the first position of
the sequence (m_0 = 1, h_{-1} = 0). x, gate_r, gate_i: (batch, time, width); a_param: (width,).
"""

import torch
import torch.nn as nn
import torch.nn.functional as F

batch_size = 3
seq_len = 48
width = 48


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.c = 8.0

    def forward(self, x, gate_r, gate_i, a_param):
        r = torch.sigmoid(gate_r)
        i = torch.sigmoid(gate_i)
        log_a = -self.c * r * F.softplus(-a_param)
        a = torch.exp(log_a)
        mult = torch.sqrt(1.0 - torch.exp(2.0 * log_a))
        mult[:, 0] = 1.0
        u = mult * (i * x)
        h = torch.zeros_like(x[:, 0])
        out = torch.empty_like(x)
        for t in range(x.shape[1]):
            h = a[:, t] * h + u[:, t]
            out[:, t] = h
        return out


def get_inputs():
    x = torch.randn(batch_size, seq_len, width)
    gate_r = torch.randn(batch_size, seq_len, width)
    gate_i = torch.randn(batch_size, seq_len, width)
    a_param = torch.rand(width) * 4.0 + 1.0
    return [x, gate_r, gate_i, a_param]


def get_init_inputs():
    return []
