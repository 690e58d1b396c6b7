"""AWQ int4 dequantisation: 8 nibbles per int32 in AWQ order, per-group packed zero points and fp16 scales."""

import torch
import torch.nn as nn

in_features = 128
out_features = 64
group_size = 32


class Model(nn.Module):
    def __init__(self, group_size: int):
        super().__init__()
        self.group_size = group_size

    @staticmethod
    def _unpack(q):
        shifts = torch.tensor([0, 16, 4, 20, 8, 24, 12, 28], dtype=torch.int32, device=q.device)
        return ((q[:, :, None] >> shifts) & 0xF).reshape(q.shape[0], -1)

    def forward(self, qweight, qzeros, scales):
        w = self._unpack(qweight)
        z = self._unpack(qzeros).repeat_interleave(self.group_size, dim=0)
        s = scales.repeat_interleave(self.group_size, dim=0)
        return (w - z).half() * s


def get_inputs():
    qweight = torch.randint(-2 ** 31, 2 ** 31, (in_features, out_features // 8), dtype=torch.int32)
    qzeros = torch.randint(-2 ** 31, 2 ** 31, (in_features // group_size, out_features // 8), dtype=torch.int32)
    scales = (torch.rand(in_features // group_size, out_features) * 0.02 + 0.001).half()
    return [qweight, qzeros, scales]


def get_init_inputs():
    return [group_size]
