"""Time-domain heart-rate-variability indices of padded RR-interval recordings."""

import torch
import torch.nn as nn

num_records = 40
max_beats = 600


class Model(nn.Module):
    """Mean heart rate, SDNN, RMSSD and pNN50 of each recording.

    rr: (N, M) RR intervals (ms), zero-padded after the first `count` beats; count: (N,) int64.
    mean HR = 60000 / mean RR (bpm); SDNN = sample standard deviation of the RR intervals;
    RMSSD = root mean square of the count - 1 successive differences; pNN50 = percentage of successive
    differences whose magnitude exceeds 50 ms. Returns (N, 4).
    """

    def __init__(self):
        super().__init__()

    def forward(self, rr, count):
        m = rr.shape[1]
        idx = torch.arange(m, device=rr.device)
        valid = idx[None, :] < count[:, None]
        n = count.float()
        mean = torch.where(valid, rr, 0.0).sum(1) / n
        dev = torch.where(valid, rr - mean[:, None], 0.0)
        sdnn = torch.sqrt((dev * dev).sum(1) / (n - 1.0))
        d = rr[:, 1:] - rr[:, :-1]
        dvalid = idx[None, 1:] < count[:, None]
        rmssd = torch.sqrt(torch.where(dvalid, d * d, 0.0).sum(1) / (n - 1.0))
        nn50 = (dvalid & (d.abs() > 50.0)).sum(1).float()
        pnn50 = 100.0 * nn50 / (n - 1.0)
        return torch.stack([60000.0 / mean, sdnn, rmssd, pnn50], 1)


def get_inputs():
    n, m = num_records, max_beats
    count = torch.randint(200, m + 1, (n,))
    i = torch.arange(m).float()[None, :]
    base = 650.0 + 350.0 * torch.rand(n, 1)
    resp = (15.0 + 30.0 * torch.rand(n, 1)) * torch.sin(6.2832 * i / (3.5 + 2.0 * torch.rand(n, 1)) + 6.2832 * torch.rand(n, 1))
    slow = (20.0 + 40.0 * torch.rand(n, 1)) * torch.sin(6.2832 * i / (40.0 + 60.0 * torch.rand(n, 1)))
    rr = base + resp + slow + 12.0 * torch.randn(n, m)
    rr = torch.where(torch.arange(m)[None, :] < count[:, None], rr, 0.0)
    return [rr, count]


def get_init_inputs():
    return []
