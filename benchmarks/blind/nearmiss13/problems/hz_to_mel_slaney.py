"""Hz to mel on the Slaney scale (linear below 1 kHz, logarithmic above)."""

import math

import torch
import torch.nn as nn

batch_size = 8
num_freqs = 500


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, freqs):
        f_sp = 200.0 / 3
        mels = freqs / f_sp
        min_log_hz = 1000.0
        min_log_mel = min_log_hz / f_sp
        logstep = math.log(6.4) / 27.0
        return torch.where(freqs >= min_log_hz, min_log_mel + torch.log(freqs / min_log_hz) / logstep, mels)


def get_inputs():
    return [torch.rand(batch_size, num_freqs) * 8000.0 + 1.0]


def get_init_inputs():
    return []
