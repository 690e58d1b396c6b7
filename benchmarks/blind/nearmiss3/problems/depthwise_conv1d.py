import torch
import torch.nn as nn

batch_size = 2
channels = 16
length = 200
kernel_size = 5


class Model(nn.Module):
    """Depthwise 1D convolution, 'same' padding, no bias."""

    def __init__(self, channels, kernel_size):
        super().__init__()
        self.conv = nn.Conv1d(channels, channels, kernel_size, padding=kernel_size // 2, groups=channels, bias=False)

    def forward(self, x):
        return self.conv(x)


def get_inputs():
    return [torch.randn(batch_size, channels, length)]


def get_init_inputs():
    return [channels, kernel_size]
