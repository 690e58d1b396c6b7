"""Multimodal rotary embedding (Qwen2-VL M-RoPE): the rotary frequency pairs of a head are split into
three sections that take their angle from the temporal, height and width position ids respectively;
rotate-half layout."""

import torch
import torch.nn as nn

seq_len = 48
num_heads = 4
section_t = 4
section_h = 6
section_w = 6


class Model(nn.Module):
    def __init__(self, section_t, section_h, section_w, base=1000000.0):
        super().__init__()
        self.sections = [section_t, section_h, section_w]
        half = section_t + section_h + section_w
        head_dim = 2 * half
        inv_freq = 1.0 / (base ** (torch.arange(0, head_dim, 2, dtype=torch.float32) / head_dim))
        self.register_buffer("inv_freq", inv_freq)

    def forward(self, x, positions):
        half = self.inv_freq.shape[0]
        freqs = positions[:, :, None].to(torch.float32) * self.inv_freq
        which = torch.repeat_interleave(torch.arange(3, device=x.device),
                                        torch.tensor(self.sections, device=x.device))
        f = freqs[which, :, torch.arange(half, device=x.device)].transpose(0, 1)
        emb = torch.cat([f, f], dim=-1)
        cos = emb.cos()[:, None, :]
        sin = emb.sin()[:, None, :]
        x1, x2 = x[..., :half], x[..., half:]
        return x * cos + torch.cat([-x2, x1], dim=-1) * sin


def get_inputs():
    head_dim = 2 * (section_t + section_h + section_w)
    pos = torch.stack([torch.arange(seq_len) // 16,
                       (torch.arange(seq_len) // 4) % 4 + 3,
                       torch.arange(seq_len) % 4 + 7])
    return [torch.randn(seq_len, num_heads, head_dim), pos]


def get_init_inputs():
    return [section_t, section_h, section_w]
