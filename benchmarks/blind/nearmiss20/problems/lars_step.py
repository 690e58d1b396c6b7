"""One LARS step (You et al. 2017; layer-wise adaptive rate scaling with momentum) over a flat buffer
holding several layers back to back (layer_sizes gives their lengths).

Per layer: trust = eta * ||w|| / (||g|| + wd * ||w||) when both norms are positive, else 1;
buf <- momentum * buf + lr * trust * (g + wd * w);  w <- w - buf.
Returns torch.stack([w, buf]).
"""

import torch
import torch.nn as nn

num_layers = 5
max_layer_size = 900


class Model(nn.Module):
    def __init__(self, lr: float = 1.0, momentum: float = 0.9, weight_decay: float = 5e-3, eta: float = 0.1):
        super().__init__()
        self.lr, self.momentum, self.wd, self.eta = lr, momentum, weight_decay, eta

    def forward(self, w, g, buf, layer_sizes):
        new_w = torch.empty_like(w)
        new_buf = torch.empty_like(buf)
        start = 0
        for n in layer_sizes.tolist():
            ws, gs, bs = w[start:start + n], g[start:start + n], buf[start:start + n]
            wn, gn = ws.norm(), gs.norm()
            if wn > 0 and gn > 0:
                trust = self.eta * wn / (gn + self.wd * wn)
            else:
                trust = torch.ones((), dtype=w.dtype, device=w.device)
            nb = self.momentum * bs + self.lr * trust * (gs + self.wd * ws)
            new_buf[start:start + n] = nb
            new_w[start:start + n] = ws - nb
            start += n
        return torch.stack([new_w, new_buf])


def get_inputs():
    sizes = torch.randint(100, max_layer_size + 1, (num_layers,))
    total = int(sizes.sum())
    w = torch.randn(total)
    g = torch.randn(total) * 0.02
    buf = torch.randn(total) * 0.01
    s2 = int(sizes[:2].sum())
    w[s2:s2 + int(sizes[2])] = 0.0
    return [w, g, buf, sizes]


def get_init_inputs():
    return []
