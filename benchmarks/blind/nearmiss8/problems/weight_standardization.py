"""Weight standardisation of an fp16 conv weight (O, I, kh, kw): each output filter is shifted
to zero mean and scaled to unit variance (statistics in fp32, result in fp16)."""

import torch
import torch.nn as nn

out_channels = 48
in_channels = 16
kernel_size = 3


class Model(nn.Module):
    def __init__(self, eps: float = 1e-5):
        super().__init__()
        self.eps = eps

    def forward(self, w: torch.Tensor) -> torch.Tensor:
        wf = w.float()
        mean = wf.mean(dim=(1, 2, 3), keepdim=True)
        var = wf.var(dim=(1, 2, 3), unbiased=False, keepdim=True)
        return ((wf - mean) / torch.sqrt(var + self.eps)).to(w.dtype)


def get_inputs():
    return [torch.randn(out_channels, in_channels, kernel_size, kernel_size).half()]


def get_init_inputs():
    return []
