"""Standard atmosphere: blocks of altitudes, a runtime layer loop carrying the base temperature and pressure."""

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def isa_kernel(z_ptr, tab_ptr, out_ptr, n, n_layers, r0, gmr, BLOCK: tl.constexpr):
    pid = tl.program_id(0)
    offs = pid * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    z = tl.load(z_ptr + offs, mask=m, other=0.0)
    h = r0 * z / (r0 + z)
    tb = tl.load(tab_ptr + 2 * n_layers)
    pb = tl.load(tab_ptr + 2 * n_layers + 1)
    temp = tl.zeros([BLOCK], dtype=tl.float32)
    pres = tl.zeros([BLOCK], dtype=tl.float32)
    for k in range(0, n_layers):
        hb = tl.load(tab_ptr + k)
        lapse = tl.load(tab_ptr + n_layers + k)
        top = tl.load(tab_ptr + k + 1, mask=k + 1 < n_layers, other=1e30)
        grad = lapse != 0.0
        safe = tl.where(grad, lapse, 1.0)
        expo = gmr / safe
        inside = (h >= hb) & (h < top)
        t = tb + lapse * (h - hb)
        p_grad = pb * tl.exp(expo * tl.log(t / tb))
        p_iso = pb * tl.exp(-gmr * (h - hb) / tb)
        temp = tl.where(inside, t, temp)
        pres = tl.where(inside, tl.where(grad, p_grad, p_iso), pres)
        t_top = tb + lapse * (top - hb)
        pb = tl.where(grad, pb * tl.exp(expo * tl.log(tb / t_top)), pb * tl.exp(-gmr * (top - hb) / tb))
        tb = t_top
    sound = tl.sqrt(1.4 * 287.05287 * temp)
    tl.store(out_ptr + offs * 3 + 0, temp, mask=m)
    tl.store(out_ptr + offs * 3 + 1, pres, mask=m)
    tl.store(out_ptr + offs * 3 + 2, sound, mask=m)


class ModelNew(nn.Module):
    """Standard-atmosphere state at geometric altitudes z (km, 0 <= z <= 86).

    Returns (N, 3): temperature (K), pressure (hPa), speed of sound (m/s).
    """

    def __init__(self):
        super().__init__()
        table = [0.0, 11.0, 20.0, 32.0, 47.0, 51.0, 71.0, -6.5, 0.0, 1.0, 2.8, 0.0, -2.8, -2.0, 288.15, 1013.25]
        self.register_buffer("table", torch.tensor(table, dtype=torch.float32))
        self.n_layers = 7

    def forward(self, altitude_km):
        z = altitude_km.contiguous()
        n = z.shape[0]
        out = torch.empty(n, 3, device=z.device, dtype=torch.float32)
        BLOCK = 256
        isa_kernel[(triton.cdiv(n, BLOCK),)](z, self.table, out, n, self.n_layers, 6356.766, 34.1632, BLOCK=BLOCK)
        return out
