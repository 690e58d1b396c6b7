"""One Lloyd (k-means) iteration: assign every point to its nearest centroid (squared Euclidean distance), then
move each centroid to the mean of its points; a centroid that received no point keeps its old position."""

import torch
import torch.nn as nn

num_points = 256
dim = 8
num_clusters = 10


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, points, centroids):
        d = ((points[:, None, :] - centroids[None, :, :]) ** 2).sum(-1)
        assign = d.argmin(dim=1)
        K = centroids.shape[0]
        sums = torch.zeros_like(centroids).index_add_(0, assign, points)
        counts = torch.zeros(K, device=points.device, dtype=points.dtype).index_add_(
            0, assign, torch.ones(points.shape[0], device=points.device, dtype=points.dtype))
        return torch.where(counts[:, None] > 0, sums / counts.clamp(min=1.0)[:, None], centroids)


def get_inputs():
    true_centers = torch.randn(4, dim) * 3.0
    points = true_centers[torch.randint(0, 4, (num_points,))] + torch.randn(num_points, dim)
    centroids = points[torch.randperm(num_points)[:num_clusters]].clone()
    centroids[-3:] = 40.0 + torch.randn(3, dim)
    return [points, centroids]


def get_init_inputs():
    return []
