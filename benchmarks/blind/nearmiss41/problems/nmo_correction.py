"""Normal-moveout correction of seismic common-midpoint gathers with a stretch mute."""

import math

import torch
import torch.nn as nn

num_gathers = 4
num_offsets = 30
num_samples = 500


class Model(nn.Module):
    """Hyperbolic NMO correction of every trace of every gather.

    traces: (G, X, N) amplitudes sampled every `dt` milliseconds; offsets: (G, X) source-receiver offsets (m);
    velocity: (G, N) RMS velocity (km/s, i.e. m/ms) at each zero-offset time. Output sample t0 = i dt takes the
    input at t = sqrt(t0^2 + x^2 / v(t0)^2), linearly interpolated between the two neighbouring samples;
    it is zero when t lies at or beyond the last sample and when the NMO stretch (t - t0) / t0 exceeds
    `stretch_mute`. Returns (G, X, N).
    """

    def __init__(self, dt: float, stretch_mute: float):
        super().__init__()
        self.dt = dt
        self.mute = stretch_mute

    def forward(self, traces, offsets, velocity):
        n = traces.shape[-1]
        t0 = torch.arange(n, device=traces.device).float() * self.dt
        x = offsets[:, :, None]
        v = velocity[:, None, :]
        t = torch.sqrt(t0 * t0 + (x * x) / (v * v))
        s = t / self.dt
        i0 = torch.floor(s)
        w = s - i0
        i0 = i0.long()
        inside = i0 < n - 1
        lo = torch.gather(traces, 2, i0.clamp(max=n - 1))
        hi = torch.gather(traces, 2, (i0 + 1).clamp(max=n - 1))
        val = (1.0 - w) * lo + w * hi
        muted = (t - t0) > self.mute * t0
        return torch.where(inside & ~muted, val, 0.0)


def get_inputs():
    g, nx, n = num_gathers, num_offsets, num_samples
    refl = 0.3 * torch.randn(g * nx, 1, n) * (torch.rand(g * nx, 1, n) < 0.08).float()
    tw = (torch.arange(31).float() - 15.0) * 0.004
    arg = (math.pi * 25.0 * tw) ** 2
    wavelet = ((1.0 - 2.0 * arg) * torch.exp(-arg)).view(1, 1, 31)
    traces = torch.nn.functional.conv1d(refl, wavelet, padding=15).view(g, nx, n)
    traces = traces + 0.01 * torch.randn(g, nx, n)
    offsets = torch.sort(3000.0 * torch.rand(g, nx), dim=1).values
    offsets[:, 0] = 0.0
    t_rel = torch.arange(n).float() / n
    velocity = 1.5 + 2.0 * t_rel[None, :] + 0.2 * (torch.rand(g, 1) - 0.5) + 0.02 * torch.randn(g, n)
    return [traces, offsets, velocity]


def get_init_inputs():
    return [4.0, 0.5]
