"""PointNet++ feature propagation: for every unknown point find its three nearest known points
(three_nn; ties go to the lower index) and interpolate their features with inverse-distance weights."""

import torch
import torch.nn as nn

batch_size = 2
num_unknown = 200
num_known = 50
channels = 16


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, unknown, known, feats):
        B, n, _ = unknown.shape
        C, m = feats.shape[1], feats.shape[2]
        d2 = ((unknown[:, :, None, :] - known[:, None, :, :]) ** 2).sum(-1)
        d2, idx = torch.sort(d2, dim=-1, stable=True)
        dist = torch.sqrt(d2[..., :3])
        idx = idx[..., :3]
        recip = 1.0 / (dist + 1e-8)
        weight = recip / recip.sum(-1, keepdim=True)
        k = idx.shape[-1]
        gathered = torch.gather(feats[:, :, None, :].expand(B, C, n, m), 3,
                                idx[:, None, :, :].expand(B, C, n, k))
        return (gathered * weight[:, None, :, :]).sum(-1)


def get_inputs():
    return [torch.rand(batch_size, num_unknown, 3) * 4.0,
            torch.rand(batch_size, num_known, 3) * 4.0,
            torch.randn(batch_size, channels, num_known)]


def get_init_inputs():
    return []
