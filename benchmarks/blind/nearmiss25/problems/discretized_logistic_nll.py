"""Negative log-likelihood of 8-bit data under a discretized mixture of logistics (PixelCNN++ style):
x in [-1, 1] on a 256-level grid; params = [mixture logits | means | log scales] (K each, log scales clamped
at -7); bin mass sigmoid((x - mu + 1/255) / s) - sigmoid((x - mu - 1/255) / s), with the open-ended edge bins
at x = -1 and x = 1; mean over pixels of -logsumexp_k(log bin mass + log_softmax(logits))."""

import torch
import torch.nn as nn
import torch.nn.functional as F

num_pixels = 2000
num_mix = 5


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x: torch.Tensor, params: torch.Tensor) -> torch.Tensor:
        K = params.shape[1] // 3
        x = x[:, None]
        logits = params[:, :K]
        mu = params[:, K:2 * K]
        log_s = torch.clamp(params[:, 2 * K:], min=-7.0)
        inv_s = torch.exp(-log_s)
        c = x - mu
        plus_in = inv_s * (c + 1.0 / 255.0)
        min_in = inv_s * (c - 1.0 / 255.0)
        log_cdf_plus = plus_in - F.softplus(plus_in)
        log_one_minus_cdf_min = -F.softplus(min_in)
        log_mid = torch.log(torch.clamp(torch.sigmoid(plus_in) - torch.sigmoid(min_in), min=1e-12))
        lpx = torch.where(x < -0.999, log_cdf_plus, torch.where(x > 0.999, log_one_minus_cdf_min, log_mid))
        log_probs = lpx + torch.log_softmax(logits, dim=1)
        return -torch.logsumexp(log_probs, dim=1).mean()


def get_inputs():
    logits = torch.randn(num_pixels, num_mix)
    means = 2.2 * torch.rand(num_pixels, num_mix) - 1.1
    log_s = -3.0 + 2.0 * torch.rand(num_pixels, num_mix)
    comp = torch.randint(0, num_mix, (num_pixels, 1))
    u = torch.rand(num_pixels, 1).clamp(1e-5, 1.0 - 1e-5)
    x = means.gather(1, comp) + torch.exp(log_s.gather(1, comp)) * (torch.log(u) - torch.log1p(-u))
    x = torch.round((x.clamp(-1.0, 1.0) + 1.0) * 127.5) / 127.5 - 1.0
    return [x[:, 0], torch.cat([logits, means, log_s], dim=1)]


def get_init_inputs():
    return []
