"""Linear-prediction coefficients of speech-like frames: biased autocorrelation up to the prediction order, then the
Levinson-Durbin recursion. Returns [1, a_1..a_p, prediction error] per frame."""

import torch
import torch.nn as nn

num_frames = 60
frame_len = 240
order = 10


class Model(nn.Module):
    def __init__(self, order: int):
        super().__init__()
        self.order = order

    def forward(self, x):
        p = self.order
        n = x.shape[1]
        r = torch.stack([(x[:, : n - k] * x[:, k:]).sum(1) for k in range(p + 1)], 1)
        a = torch.zeros(x.shape[0], p + 1, dtype=x.dtype, device=x.device)
        a[:, 0] = 1.0
        e = r[:, 0].clone()
        for i in range(1, p + 1):
            acc = r[:, i].clone()
            for j in range(1, i):
                acc = acc + a[:, j] * r[:, i - j]
            k = -acc / e
            a_new = a.clone()
            for j in range(1, i):
                a_new[:, j] = a[:, j] + k * a[:, i - j]
            a_new[:, i] = k
            a = a_new
            e = e * (1.0 - k * k)
        return torch.cat([a, e[:, None]], 1)


def get_inputs():
    w = torch.randn(num_frames, frame_len + 2)
    x = w[:, 2:] + 0.8 * w[:, 1:-1] + 0.3 * w[:, :-2]
    return [x.contiguous()]


def get_init_inputs():
    return [order]
