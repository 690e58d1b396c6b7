"""Count-min sketch: `depth` hash rows of `width` counters with h_d(x) = ((a_d * x + b_d) mod (2^31 - 1)) mod
width; every item is inserted (counter + 1 per row), then each query returns min_d table[d, h_d(q)] (int32)."""

import torch
import torch.nn as nn

num_items = 4000
num_queries = 300
depth = 4
width = 256

PRIME = 2147483647


def hash_params(depth):
    a = [(1103515245 * (d + 1) + 12345) % PRIME for d in range(depth)]
    b = [(2654435761 * (d + 3) + 97) % PRIME for d in range(depth)]
    return a, b


class Model(nn.Module):
    def __init__(self, depth: int, width: int):
        super().__init__()
        self.depth = depth
        self.width = width
        self.a, self.b = hash_params(depth)

    def forward(self, items: torch.Tensor, queries: torch.Tensor) -> torch.Tensor:
        table = torch.zeros(self.depth, self.width, dtype=torch.int64, device=items.device)
        est = []
        for d in range(self.depth):
            h = ((self.a[d] * items + self.b[d]) % PRIME) % self.width
            table[d].index_add_(0, h, torch.ones_like(h))
            hq = ((self.a[d] * queries + self.b[d]) % PRIME) % self.width
            est.append(table[d][hq])
        return torch.stack(est).amin(dim=0).to(torch.int32)


def get_inputs():
    ids = (torch.rand(num_items) ** 3 * 5000).long() * 7919 % (1 << 20)
    pick = ids[torch.randint(0, num_items, (num_queries // 2,))]
    other = torch.randint(0, 1 << 20, (num_queries - num_queries // 2,))
    return [ids, torch.cat([pick, other])]


def get_init_inputs():
    return [depth, width]
