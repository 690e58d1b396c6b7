import torch
import torch.nn as nn

M = 16
in_features = 200
out_features = 96


class Model(nn.Module):
    """Weight-only quantized linear: W = (q - zero) * scale per output row (uint8 q and zero)."""

    def __init__(self, in_features, out_features):
        super().__init__()
        self.register_buffer("qweight", torch.randint(0, 256, (out_features, in_features), dtype=torch.uint8))
        self.register_buffer("zero", torch.randint(100, 156, (out_features,), dtype=torch.uint8))
        self.register_buffer("scale", torch.rand(out_features) * 0.01 + 0.001)

    def forward(self, x):
        w = (self.qweight.float() - self.zero.float()[:, None]) * self.scale[:, None]
        return x @ w.t()


def get_inputs():
    return [torch.randn(M, in_features)]


def get_init_inputs():
    return [in_features, out_features]
