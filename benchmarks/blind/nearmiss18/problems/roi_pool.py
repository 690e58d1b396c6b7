"""RoI max pooling (torchvision.ops.roi_pool semantics: rounded RoI corners scaled by spatial_scale,
floor / ceil bin edges clipped to the map, empty bins give 0). RoIs are given as integer image
coordinates (batch_index, x1, y1, x2, y2)."""

import math

import torch
import torch.nn as nn

batch_size = 2
channels = 8
feat_h = 20
feat_w = 24
num_rois = 12
pooled = 4
inv_scale = 4


def _c_round(v):
    return math.floor(v + 0.5) if v >= 0 else math.ceil(v - 0.5)


class Model(nn.Module):
    def __init__(self, pooled_size, inv_spatial_scale):
        super().__init__()
        self.p = pooled_size
        self.scale = 1.0 / inv_spatial_scale

    def forward(self, feats: torch.Tensor, rois: torch.Tensor) -> torch.Tensor:
        n, c, h, w = feats.shape
        out = torch.zeros(rois.shape[0], c, self.p, self.p, device=feats.device, dtype=feats.dtype)
        for r in range(rois.shape[0]):
            bi, x1, y1, x2, y2 = [int(v) for v in rois[r].tolist()]
            sw, sh = _c_round(x1 * self.scale), _c_round(y1 * self.scale)
            ew, eh = _c_round(x2 * self.scale), _c_round(y2 * self.scale)
            rw, rh = max(ew - sw + 1, 1), max(eh - sh + 1, 1)
            bw, bh = rw / self.p, rh / self.p
            for ph in range(self.p):
                hs = min(max(math.floor(ph * bh) + sh, 0), h)
                he = min(max(math.ceil((ph + 1) * bh) + sh, 0), h)
                for pw in range(self.p):
                    ws = min(max(math.floor(pw * bw) + sw, 0), w)
                    we = min(max(math.ceil((pw + 1) * bw) + sw, 0), w)
                    if he > hs and we > ws:
                        out[r, :, ph, pw] = feats[bi, :, hs:he, ws:we].amax(dim=(1, 2))
        return out


def get_inputs():
    feats = torch.rand(batch_size, channels, feat_h, feat_w)
    img_w, img_h = feat_w * inv_scale, feat_h * inv_scale
    x1 = torch.randint(0, img_w - 8, (num_rois,))
    y1 = torch.randint(0, img_h - 8, (num_rois,))
    x2 = x1 + torch.randint(3, 48, (num_rois,))
    y2 = y1 + torch.randint(3, 48, (num_rois,))
    x1[0], x2[0] = img_w - 10, img_w + 40
    y1[1], y2[1] = img_h - 6, img_h + 30
    bidx = torch.randint(0, batch_size, (num_rois,))
    return [feats, torch.stack([bidx, x1, y1, x2, y2], dim=1)]


def get_init_inputs():
    return [pooled, inv_scale]
