"""RFC 1071 Internet checksum of packets (16-bit big-endian words, ones' complement sum, odd length zero-padded)."""

import torch
import torch.nn as nn

num_packets = 128
packet_len = 45


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, data: torch.Tensor) -> torch.Tensor:
        # data: (B, L) int64 byte values 0-255. Returns (B,) int64 checksums in [0, 65535].
        b, n = data.shape
        if n % 2:
            data = torch.nn.functional.pad(data, (0, 1))
        words = (data[:, 0::2] << 8) | data[:, 1::2]
        s = words.sum(dim=1)
        while bool((s >> 16).any()):
            s = (s & 0xFFFF) + (s >> 16)
        return (~s) & 0xFFFF


def get_inputs():
    data = torch.randint(0, 256, (num_packets, packet_len))
    # IPv4-like headers: version/IHL, TTL and protocol bytes are mostly high, which makes the sums carry
    data[:, 0] = 0x45
    data[:, 8] = torch.randint(32, 256, (num_packets,))
    data[:, 9] = 6
    return [data]


def get_init_inputs():
    return []
