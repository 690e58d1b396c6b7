"""CUDA Gaussian keypoint heatmaps (load_inline): 16x16 thread tiles, one grid z-slice per keypoint."""

import torch
import torch.nn as nn
from torch.utils.cpp_extension import load_inline

cuda_source = r"""
#include <torch/extension.h>
#include <c10/cuda/CUDAStream.h>

__global__ void heatmap_kernel(const float* __restrict__ centers, float* __restrict__ out, int H, int W,
                               float inv_two_sigma2) {
    const int x = blockIdx.x * blockDim.x + threadIdx.x;
    const int y = blockIdx.y * blockDim.y + threadIdx.y;
    const int k = blockIdx.z;
    if (x < W && y < H) {
        const float dx = (float)x - centers[2 * k];
        const float dy = (float)y - centers[2 * k + 1];
        out[(size_t)k * H * W + (size_t)y * W + x] = expf(-(dx * dx + dy * dy) * inv_two_sigma2);
    }
}

torch::Tensor render_heatmaps(torch::Tensor centers, int64_t H, int64_t W, double sigma) {
    TORCH_CHECK(centers.is_cuda() && centers.scalar_type() == torch::kFloat32, "expects float32 CUDA centers");
    auto cc = centers.contiguous();
    const int64_t nb = cc.size(0);
    const int64_t nk = cc.size(1);
    auto out = torch::empty({nb, nk, H, W}, cc.options());
    dim3 threads(16, 16);
    dim3 blocks((unsigned)((W + 15) / 16), (unsigned)((H + 15) / 16), (unsigned)(nb * nk));
    heatmap_kernel<<<blocks, threads, 0, c10::cuda::getCurrentCUDAStream()>>>(
        cc.data_ptr<float>(), out.data_ptr<float>(), (int)H, (int)W, (float)(1.0 / (2.0 * sigma * sigma)));
    return out;
}
"""

cpp_source = "torch::Tensor render_heatmaps(torch::Tensor centers, int64_t H, int64_t W, double sigma);"

heatmap_ext = load_inline(name="nm13_keypoint_heatmap_ext", cpp_sources=cpp_source, cuda_sources=cuda_source,
                          functions=["render_heatmaps"], extra_cuda_cflags=["-O3"], verbose=False)


class ModelNew(nn.Module):
    def __init__(self, height: int, width: int, sigma: float):
        super().__init__()
        self.height = height
        self.width = width
        self.sigma = sigma

    def forward(self, centers: torch.Tensor) -> torch.Tensor:
        return heatmap_ext.render_heatmaps(centers, self.height, self.width, self.sigma)
