"""Triton LSTM over a sequence: one program holds the whole batch tile, the time loop runs in the kernel."""

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def _sigmoid(x):
    return 1.0 / (1.0 + tl.exp(-x))


@triton.jit
def _tanh(x):
    return 2.0 * _sigmoid(2.0 * x) - 1.0


@triton.jit
def _gate_w(w_ptr, gate, H, K, rk, rh, mask):
    return tl.load(w_ptr + (gate * H + rh[None, :]) * K + rk[:, None], mask=mask, other=0.0)


@triton.jit
def lstm_kernel(x_ptr, wih_ptr, whh_ptr, bih_ptr, bhh_ptr, out_ptr, B, T, I, H,
                BB: tl.constexpr, BI: tl.constexpr, BH: tl.constexpr):
    rb = tl.arange(0, BB)
    ri = tl.arange(0, BI)
    rh = tl.arange(0, BH)
    rk = tl.arange(0, BH)
    mb = rb < B
    mi = ri < I
    mh = rh < H
    mk = rk < H
    m_ih = mi[:, None] & mh[None, :]
    m_hh = mk[:, None] & mh[None, :]
    wxi = _gate_w(wih_ptr, 0, H, I, ri, rh, m_ih)
    wxf = _gate_w(wih_ptr, 1, H, I, ri, rh, m_ih)
    wxg = _gate_w(wih_ptr, 2, H, I, ri, rh, m_ih)
    wxo = _gate_w(wih_ptr, 3, H, I, ri, rh, m_ih)
    whi = _gate_w(whh_ptr, 0, H, H, rk, rh, m_hh)
    whf = _gate_w(whh_ptr, 1, H, I, rk, rh, m_hh)
    whg = _gate_w(whh_ptr, 2, H, H, rk, rh, m_hh)
    who = _gate_w(whh_ptr, 3, H, H, rk, rh, m_hh)
    bi = tl.load(bih_ptr + 0 * H + rh, mask=mh, other=0.0) + tl.load(bhh_ptr + 0 * H + rh, mask=mh, other=0.0)
    bf = tl.load(bih_ptr + 1 * H + rh, mask=mh, other=0.0) + tl.load(bhh_ptr + 1 * H + rh, mask=mh, other=0.0)
    bg = tl.load(bih_ptr + 2 * H + rh, mask=mh, other=0.0) + tl.load(bhh_ptr + 2 * H + rh, mask=mh, other=0.0)
    bo = tl.load(bih_ptr + 3 * H + rh, mask=mh, other=0.0) + tl.load(bhh_ptr + 3 * H + rh, mask=mh, other=0.0)
    h = tl.zeros((BB, BH), dtype=tl.float32)
    c = tl.zeros((BB, BH), dtype=tl.float32)
    for t in range(T):
        xt = tl.load(x_ptr + rb[:, None] * T * I + t * I + ri[None, :], mask=mb[:, None] & mi[None, :], other=0.0)
        gi = tl.dot(xt, wxi) + tl.dot(h, whi) + bi[None, :]
        gf = tl.dot(xt, wxf) + tl.dot(h, whf) + bf[None, :]
        gg = tl.dot(xt, wxg) + tl.dot(h, whg) + bg[None, :]
        go = tl.dot(xt, wxo) + tl.dot(h, who) + bo[None, :]
        c = _sigmoid(gf) * c + _sigmoid(gi) * _tanh(gg)
        h = _sigmoid(go) * _tanh(c)
    omask = mb[:, None] & mh[None, :]
    tl.store(out_ptr + rb[:, None] * 2 * H + rh[None, :], h, mask=omask)
    tl.store(out_ptr + rb[:, None] * 2 * H + H + rh[None, :], c, mask=omask)


class ModelNew(nn.Module):
    def __init__(self, input_size, hidden_size):
        super().__init__()
        self.lstm = nn.LSTM(input_size, hidden_size, num_layers=1, batch_first=True)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        x = x.contiguous()
        b, t, i = x.shape
        hsz = self.lstm.hidden_size
        out = torch.empty(b, 2 * hsz, device=x.device, dtype=torch.float32)
        lstm_kernel[(1,)](x, self.lstm.weight_ih_l0.detach().contiguous(), self.lstm.weight_hh_l0.detach().contiguous(),
                          self.lstm.bias_ih_l0.detach().contiguous(), self.lstm.bias_hh_l0.detach().contiguous(), out,
                          b, t, i, hsz,
                          BB=max(16, triton.next_power_of_2(b)), BI=max(16, triton.next_power_of_2(i)),
                          BH=max(16, triton.next_power_of_2(hsz)))
        return out
