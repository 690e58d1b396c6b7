"""Cotangent Laplacian of triangle meshes applied to their vertex positions (libigl cotmatrix, pytorch3d
cot_laplacian): (L x)_i = sum_j (cot a_ij + cot b_ij) / 2 (x_j - x_i) over the mesh edges, each triangle's
cotangent at a corner weighting the edge opposite it. Meshes share one triangulated height-field grid."""

import torch
import torch.nn as nn

batch_size = 2
grid_rows = 12
grid_cols = 10


def _cot(a, b, c):
    e1 = b - a
    e2 = c - a
    return (e1 * e2).sum(dim=-1) / torch.linalg.cross(e1, e2, dim=-1).norm(dim=-1)


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, verts: torch.Tensor, faces: torch.Tensor) -> torch.Tensor:
        f0, f1, f2 = faces[:, 0], faces[:, 1], faces[:, 2]
        v0, v1, v2 = verts[:, f0], verts[:, f1], verts[:, f2]
        out = torch.zeros_like(verts)
        for w, i, j in ((_cot(v0, v1, v2), f1, f2), (_cot(v1, v2, v0), f2, f0), (_cot(v2, v0, v1), f0, f1)):
            hw = 0.5 * w[..., None]
            xi = verts[:, i]
            xj = verts[:, j]
            out.index_add_(1, i, hw * (xj - xi))
            out.index_add_(1, j, hw * (xi - xj))
        return out


def get_inputs():
    r, c = grid_rows, grid_cols
    yy, xx = torch.meshgrid(torch.arange(r, dtype=torch.float32), torch.arange(c, dtype=torch.float32), indexing="ij")
    xy = torch.stack([xx, yy], dim=-1).reshape(1, r * c, 2).repeat(batch_size, 1, 1)
    xy = xy + 0.2 * (torch.rand(batch_size, r * c, 2) - 0.5)
    z = 0.6 * torch.sin(0.7 * xy[..., :1]) * torch.cos(0.5 * xy[..., 1:]) + 0.1 * torch.randn(batch_size, r * c, 1)
    verts = torch.cat([xy, z], dim=-1)
    idx = torch.arange(r * c).reshape(r, c)
    a = idx[:-1, :-1].reshape(-1)
    b = idx[:-1, 1:].reshape(-1)
    d = idx[1:, :-1].reshape(-1)
    e = idx[1:, 1:].reshape(-1)
    faces = torch.cat([torch.stack([a, b, e], dim=1), torch.stack([a, e, d], dim=1)], dim=0)
    return [verts, faces]


def get_init_inputs():
    return []
