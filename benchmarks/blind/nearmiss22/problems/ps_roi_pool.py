"""Position-sensitive RoI pooling (torchvision.ops.ps_roi_pool semantics, CPU kernel): RoI corners scaled by
spatial_scale and rounded half away from zero, RoI size at least 1, bins [floor(i * bin), ceil((i + 1) * bin))
shifted by the RoI start and clamped to the feature map, output channel c of bin (i, j) averages input channel
(c * PH + i) * PW + j over its bin (0 for an empty bin). Boxes are (batch_index, x1, y1, x2, y2)."""

import torch
import torch.nn as nn

batch_size = 2
out_channels = 3
pooled_size = 3
height = 16
width = 16
num_rois = 10


def _round(x):
    return torch.sign(x) * torch.floor(torch.abs(x) + 0.5)


class Model(nn.Module):
    def __init__(self, pooled_size: int, spatial_scale: float = 0.5):
        super().__init__()
        self.pooled_size = pooled_size
        self.spatial_scale = spatial_scale

    def forward(self, features, rois):
        N, C, H, W = features.shape
        P = self.pooled_size
        C_out = C // (P * P)
        K = rois.shape[0]
        out = torch.zeros(K, C_out, P, P, device=features.device, dtype=features.dtype)
        start_w = _round(rois[:, 1] * self.spatial_scale)
        start_h = _round(rois[:, 2] * self.spatial_scale)
        end_w = _round(rois[:, 3] * self.spatial_scale)
        end_h = _round(rois[:, 4] * self.spatial_scale)
        roi_w = torch.clamp(end_w - start_w, min=1.0)
        roi_h = torch.clamp(end_h - start_h, min=1.0)
        bin_w = roi_w / P
        bin_h = roi_h / P
        c_base = torch.arange(C_out, device=features.device) * P * P
        for k in range(K):
            b = int(rois[k, 0])
            for i in range(P):
                hs = int(min(max(torch.floor(i * bin_h[k]) + start_h[k], 0), H))
                he = int(min(max(torch.ceil((i + 1) * bin_h[k]) + start_h[k], 0), H))
                for j in range(P):
                    ws = int(min(max(torch.floor(j * bin_w[k]) + start_w[k], 0), W))
                    we = int(min(max(torch.ceil((j + 1) * bin_w[k]) + start_w[k], 0), W))
                    if he <= hs or we <= ws:
                        continue
                    region = features[b, c_base + i * P + j, hs:he, ws:we]
                    out[k, :, i, j] = region.sum(dim=(-1, -2)) / ((he - hs) * (we - ws))
        return out


def get_inputs():
    features = torch.randn(batch_size, out_channels * pooled_size * pooled_size, height, width)
    img_h, img_w = height * 2.0, width * 2.0
    x1 = torch.rand(num_rois) * (img_w - 4.0)
    y1 = torch.rand(num_rois) * (img_h - 4.0)
    bw = torch.rand(num_rois) * 16.0 + 2.0
    bh = torch.rand(num_rois) * 16.0 + 2.0
    x1[0], y1[0], bw[0], bh[0] = 5.3, 7.1, 0.6, 0.7
    x1[1], y1[1] = img_w - 6.0 + torch.rand(()) * 2.0, img_h - 6.0 + torch.rand(()) * 2.0
    x1[2], y1[2] = -5.0 + torch.rand(()) * 2.0, -4.0 + torch.rand(()) * 2.0
    x1[3], y1[3] = img_w + 1.0 + torch.rand(()) * 2.0, torch.rand(()) * 10.0
    boxes = torch.stack([x1, y1, x1 + bw, y1 + bh], dim=1)
    batch_idx = torch.randint(0, batch_size, (num_rois, 1)).float()
    return [features, torch.cat([batch_idx, boxes], dim=1)]


def get_init_inputs():
    return [pooled_size]
