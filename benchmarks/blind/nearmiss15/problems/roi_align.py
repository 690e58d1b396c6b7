"""RoIAlign (torchvision.ops.roi_align semantics, aligned=True, fixed sampling_ratio): every output bin is
the mean of sampling_ratio x sampling_ratio bilinear samples; samples more than one pixel outside the map
are 0, samples in the outer half pixel are clamped to the border."""

import torch
import torch.nn as nn

batch_size = 2
channels = 8
height = 20
width = 24
num_rois = 12
pooled_size = 4
sampling_ratio = 2


def _bilinear(feat, bidx, y, x):
    # feat (N, C, H, W); bidx (K,); y (K, P, S) sample rows; x (K, Q, T) sample columns
    H, W = feat.shape[-2], feat.shape[-1]
    y = y[:, :, :, None, None]
    x = x[:, None, None, :, :]
    valid = (y >= -1.0) & (y <= H) & (x >= -1.0) & (x <= W)
    y = y.clamp(min=0.0)
    x = x.clamp(min=0.0)
    y_low = y.floor().long()
    x_low = x.floor().long()
    y_edge = y_low >= H - 1
    x_edge = x_low >= W - 1
    y_low = torch.where(y_edge, torch.full_like(y_low, H - 1), y_low)
    x_low = torch.where(x_edge, torch.full_like(x_low, W - 1), x_low)
    y_high = torch.where(y_edge, y_low, y_low + 1)
    x_high = torch.where(x_edge, x_low, x_low + 1)
    y = torch.where(y_edge, y_low.to(y.dtype), y)
    x = torch.where(x_edge, x_low.to(x.dtype), x)
    ly = y - y_low
    lx = x - x_low
    hy = 1.0 - ly
    hx = 1.0 - lx
    b = bidx[:, None, None, None, None]
    K, P, S, Q, T = torch.broadcast_shapes(y_low.shape, x_low.shape)

    def g(yi, xi):
        yi = yi.expand(K, P, S, Q, T)
        xi = xi.expand(K, P, S, Q, T)
        return feat[b.expand(K, P, S, Q, T), :, yi, xi]  # (K, P, S, Q, T, C)

    val = ((hy * hx)[..., None] * g(y_low, x_low) + (hy * lx)[..., None] * g(y_low, x_high)
           + (ly * hx)[..., None] * g(y_high, x_low) + (ly * lx)[..., None] * g(y_high, x_high))
    return torch.where(valid[..., None], val, torch.zeros_like(val))


class Model(nn.Module):
    def __init__(self, pooled_size, sampling_ratio, spatial_scale=0.5):
        super().__init__()
        self.pooled = pooled_size
        self.sr = sampling_ratio
        self.spatial_scale = spatial_scale

    def forward(self, feat, rois):
        P, S = self.pooled, self.sr
        bidx = rois[:, 0].long()
        x1 = rois[:, 1] * self.spatial_scale - 0.5
        y1 = rois[:, 2] * self.spatial_scale - 0.5
        x2 = rois[:, 3] * self.spatial_scale - 0.5
        y2 = rois[:, 4] * self.spatial_scale - 0.5
        bin_w = (x2 - x1) / P
        bin_h = (y2 - y1) / P
        p = torch.arange(P, device=feat.device, dtype=feat.dtype)
        s = torch.arange(S, device=feat.device, dtype=feat.dtype)
        ys = y1[:, None, None] + p[None, :, None] * bin_h[:, None, None] + (s[None, None, :] + 0.5) * bin_h[:, None, None] / S
        xs = x1[:, None, None] + p[None, :, None] * bin_w[:, None, None] + (s[None, None, :] + 0.5) * bin_w[:, None, None] / S
        val = _bilinear(feat, bidx, ys, xs)  # (K, P, S, P, S, C)
        out = val.sum(dim=(2, 4)) / (S * S)
        return out.permute(0, 3, 1, 2).contiguous()


def get_inputs():
    feat = torch.randn(batch_size, channels, height, width)
    bidx = torch.randint(0, batch_size, (num_rois,)).float()
    img_w, img_h = width / 0.5, height / 0.5
    x1 = torch.rand(num_rois) * img_w * 1.1 - img_w * 0.1
    y1 = torch.rand(num_rois) * img_h * 1.1 - img_h * 0.1
    x2 = x1 + torch.rand(num_rois) * img_w * 0.6 + 1.0
    y2 = y1 + torch.rand(num_rois) * img_h * 0.6 + 1.0
    return [feat, torch.stack([bidx, x1, y1, x2, y2], dim=1)]


def get_init_inputs():
    return [pooled_size, sampling_ratio]
