"""Position-sensitive RoI pooling in Triton: one program per RoI, one lane per (output channel, bin); the
feature map is swept in pixel tiles, each (lane x pixel) pair masked by the lane's clamped bin."""

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def _round_half_away(x):
    return tl.where(x < 0, -tl.floor(-x + 0.5), tl.floor(x + 0.5))


@triton.jit
def ps_roi_pool_kernel(feat_ptr, rois_ptr, out_ptr, C, H, W, C_OUT, spatial_scale,
                       P: tl.constexpr, BLOCK_O: tl.constexpr, BLOCK_PIX: tl.constexpr):
    k = tl.program_id(0)
    b = tl.load(rois_ptr + k * 5).to(tl.int32)
    sw = _round_half_away(tl.load(rois_ptr + k * 5 + 1) * spatial_scale)
    sh = _round_half_away(tl.load(rois_ptr + k * 5 + 2) * spatial_scale)
    ew = _round_half_away(tl.load(rois_ptr + k * 5 + 3) * spatial_scale)
    eh = _round_half_away(tl.load(rois_ptr + k * 5 + 4) * spatial_scale)
    bin_w = tl.maximum(ew - sw, 1.0) / P
    bin_h = tl.maximum(eh - sh, 1.0) / P
    o = tl.arange(0, BLOCK_O)
    mask_o = o < C_OUT * P * P
    ph = (o // P) % P
    pw = o % P
    hs = tl.minimum(tl.maximum(tl.floor(ph * bin_h) + sh, 0.0), H).to(tl.int32)
    he = tl.minimum(tl.maximum(tl.ceil((ph + 1) * bin_h) + sh, 0.0), H).to(tl.int32)
    ws = tl.minimum(tl.maximum(tl.floor(pw * bin_w) + sw, 0.0), W).to(tl.int32)
    we = tl.minimum(tl.maximum(tl.ceil((pw + 1) * bin_w) + sw, 0.0), W).to(tl.int32)
    c_in = o
    acc = tl.zeros((BLOCK_O,), tl.float32)
    for p0 in range(0, H * W, BLOCK_PIX):
        pix = p0 + tl.arange(0, BLOCK_PIX)
        py = pix // W
        px = pix % W
        inside = (py[None, :] >= hs[:, None]) & (py[None, :] < he[:, None]) & \
                 (px[None, :] >= ws[:, None]) & (px[None, :] < we[:, None])
        m = inside & mask_o[:, None] & (pix[None, :] < H * W)
        x = tl.load(feat_ptr + (b * C + c_in)[:, None] * (H * W) + pix[None, :], mask=m, other=0.0)
        acc += tl.sum(x, axis=1)
    area = (he - hs) * (we - ws)
    empty = (he <= hs) | (we <= ws)
    res = tl.where(empty, 0.0, acc / tl.maximum(area, 1).to(tl.float32))
    tl.store(out_ptr + k * C_OUT * P * P + o, res, mask=mask_o)


class ModelNew(nn.Module):
    def __init__(self, pooled_size: int, spatial_scale: float = 0.5):
        super().__init__()
        self.pooled_size = pooled_size
        self.spatial_scale = spatial_scale

    def forward(self, features, rois):
        features, rois = features.contiguous(), rois.contiguous()
        N, C, H, W = features.shape
        P = self.pooled_size
        C_out = C // (P * P)
        K = rois.shape[0]
        out = torch.empty(K, C_out, P, P, device=features.device, dtype=features.dtype)
        ps_roi_pool_kernel[(K,)](features, rois, out, C, H, W, C_out, self.spatial_scale, P=P,
                                 BLOCK_O=triton.next_power_of_2(C_out * P * P), BLOCK_PIX=128)
        return out
