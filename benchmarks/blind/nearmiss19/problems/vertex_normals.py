"""Area-weighted vertex normals of a triangle mesh: every face's cross product (v1 - v0) x (v2 - v0) is
summed into its three vertices, then each row is L2-normalised (F.normalize, eps 1e-6)."""

import torch
import torch.nn as nn
import torch.nn.functional as F

num_verts = 400
num_faces = 150


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, verts: torch.Tensor, faces: torch.Tensor) -> torch.Tensor:
        v0 = verts[faces[:, 0]]
        v1 = verts[faces[:, 1]]
        v2 = verts[faces[:, 2]]
        fn = torch.cross(v1 - v0, v2 - v0, dim=1)
        vn = torch.zeros_like(verts)
        vn.index_add_(0, faces[:, 0], fn)
        vn.index_add_(0, faces[:, 1], fn)
        vn.index_add_(0, faces[:, 2], fn)
        return F.normalize(vn, dim=1, eps=1e-6)


def get_inputs():
    verts = torch.randn(num_verts, 3)
    faces = torch.rand(num_faces, num_verts).argsort(dim=1)[:, :3]  # three distinct corners per face
    return [verts, faces]


def get_init_inputs():
    return []
