"""CUDA max-pool argmax: one thread per output element scanning its window row by row."""

import hashlib

import torch
import torch.nn as nn
from torch.utils.cpp_extension import load_inline

_CUDA_SRC = r"""
#include <torch/extension.h>
#include <c10/cuda/CUDAException.h>
#include <c10/cuda/CUDAStream.h>

__global__ void max_pool_indices_kernel(const float* __restrict__ x, int64_t* __restrict__ out, int64_t total,
                                        int H, int W, int OH, int OW, int ks, int stride, int pad) {
    const int64_t i = blockIdx.x * (int64_t)blockDim.x + threadIdx.x;
    if (i >= total) return;
    const int ow = (int)(i % OW);
    const int oh = (int)((i / OW) % OH);
    const int64_t plane = i / ((int64_t)OH * OW);
    const float* xp = x + plane * (int64_t)H * W;
    const int h0 = oh * stride + pad;
    const int w0 = ow * stride - pad;
    float best = -INFINITY;
    int64_t best_idx = (int64_t)max(h0, 0) * W + max(w0, 0);
    for (int kh = 0; kh < ks; ++kh) {
        const int ih = h0 + kh;
        if (ih < 0 || ih >= H) continue;
        for (int kw = 0; kw < ks; ++kw) {
            const int iw = w0 + kw;
            if (iw < 0 || iw >= W) continue;
            const float v = xp[ih * W + iw];
            if (v > best) {
                best = v;
                best_idx = (int64_t)ih * W + iw;
            }
        }
    }
    out[i] = best_idx;
}

torch::Tensor max_pool_indices_forward(torch::Tensor x, int64_t ks, int64_t stride, int64_t pad) {
    TORCH_CHECK(x.is_cuda(), "x must be a CUDA tensor");
    TORCH_CHECK(x.scalar_type() == torch::kFloat32 && x.dim() == 4, "x must be float32 NCHW");
    auto xc = x.contiguous();
    const int64_t B = xc.size(0), C = xc.size(1), H = xc.size(2), W = xc.size(3);
    const int64_t OH = (H + 2 * pad - ks) / stride + 1;
    const int64_t OW = (W + 2 * pad - ks) / stride + 1;
    auto out = torch::empty({B, C, OH, OW}, xc.options().dtype(torch::kInt64));
    const int64_t total = B * C * OH * OW;
    if (total == 0) return out;
    const int threads = 256;
    const int blocks = (int)((total + threads - 1) / threads);
    max_pool_indices_kernel<<<blocks, threads, 0, c10::cuda::getCurrentCUDAStream()>>>(
        xc.data_ptr<float>(), out.data_ptr<int64_t>(), total, (int)H, (int)W, (int)OH, (int)OW, (int)ks,
        (int)stride, (int)pad);
    C10_CUDA_KERNEL_LAUNCH_CHECK();
    return out;
}
"""

_CPP_SRC = "torch::Tensor max_pool_indices_forward(torch::Tensor x, int64_t ks, int64_t stride, int64_t pad);"

_ext = load_inline(
    name="nm31_max_pool2d_indices_ext_" + hashlib.sha1(_CUDA_SRC.encode()).hexdigest()[:10],
    cpp_sources=_CPP_SRC,
    cuda_sources=_CUDA_SRC,
    functions=["max_pool_indices_forward"],
    extra_cuda_cflags=["-O3"],
    verbose=False,
)


class ModelNew(nn.Module):
    def __init__(self, kernel_size: int, stride: int, padding: int):
        super().__init__()
        self.kernel_size = kernel_size
        self.stride = stride
        self.padding = padding

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return _ext.max_pool_indices_forward(x, self.kernel_size, self.stride, self.padding)
