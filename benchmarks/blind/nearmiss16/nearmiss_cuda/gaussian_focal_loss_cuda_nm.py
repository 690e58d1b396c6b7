"""Gaussian focal loss as a CUDA extension (load_inline): grid-stride partial sums, a shared-memory tree per block,
one atomic add per block for the loss and the peak count, and a one-thread finisher."""

import hashlib

import torch
import torch.nn as nn
from torch.utils.cpp_extension import load_inline

CUDA_SRC = r"""
#include <torch/extension.h>
#include <c10/cuda/CUDAException.h>
#include <c10/cuda/CUDAStream.h>

constexpr int kThreads = 256;

__global__ void gfl_partial_kernel(const float* __restrict__ pred, const float* __restrict__ gt,
                                   float* __restrict__ acc, int64_t n, float alpha, float gamma) {
  __shared__ float s_loss[kThreads];
  __shared__ float s_pos[kThreads];
  float loss = 0.0f, npos = 0.0f;
  for (int64_t i = blockIdx.x * (int64_t)blockDim.x + threadIdx.x; i < n; i += (int64_t)gridDim.x * blockDim.x) {
    float p = pred[i];
    float g = gt[i];
    float pos = (g == 1.0f) ? 1.0f : 0.0f;
    float neg_w = powf(1.0f - g, gamma);
    loss += -logf(p + 1e-12f) * powf(1.0f - p, alpha) * pos;
    loss += -logf(1.0f - p + 1e-12f) * powf(p, alpha) * neg_w;
    npos += pos;
  }
  s_loss[threadIdx.x] = loss;
  s_pos[threadIdx.x] = npos;
  __syncthreads();
  for (int s = blockDim.x / 2; s > 0; s >>= 1) {
    if (threadIdx.x < s) {
      s_loss[threadIdx.x] += s_loss[threadIdx.x + s];
      s_pos[threadIdx.x] += s_pos[threadIdx.x + s];
    }
    __syncthreads();
  }
  if (threadIdx.x == 0) {
    atomicAdd(acc, s_loss[0]);
    atomicAdd(acc + 1, s_loss[0]);
  }
}

__global__ void gfl_finish_kernel(const float* __restrict__ acc, float* __restrict__ out) {
  out[0] = acc[0] / fmaxf(acc[1], 1.0f);
}

torch::Tensor gfl_cuda(torch::Tensor pred, torch::Tensor gt, double alpha, double gamma) {
  TORCH_CHECK(pred.is_cuda() && pred.scalar_type() == torch::kFloat32, "pred must be CUDA float32");
  TORCH_CHECK(gt.is_cuda() && gt.scalar_type() == torch::kFloat32, "gt must be CUDA float32");
  auto p = pred.contiguous();
  auto g = gt.contiguous();
  int64_t n = p.numel();
  auto acc = torch::zeros({2}, p.options());
  auto out = torch::empty({}, p.options());
  auto stream = c10::cuda::getCurrentCUDAStream();
  int blocks = static_cast<int>(std::max<int64_t>(1, std::min<int64_t>((n + kThreads - 1) / kThreads, 240)));
  gfl_partial_kernel<<<blocks, kThreads, 0, stream>>>(p.data_ptr<float>(), g.data_ptr<float>(), acc.data_ptr<float>(),
                                                      n, static_cast<float>(alpha), static_cast<float>(gamma));
  C10_CUDA_KERNEL_LAUNCH_CHECK();
  gfl_finish_kernel<<<1, 1, 0, stream>>>(acc.data_ptr<float>(), out.data_ptr<float>());
  C10_CUDA_KERNEL_LAUNCH_CHECK();
  return out;
}
"""

CPP_SRC = "torch::Tensor gfl_cuda(torch::Tensor pred, torch::Tensor gt, double alpha, double gamma);"

_ext = load_inline(
    name="nm16_gaussian_focal_ext_" + hashlib.sha1(CUDA_SRC.encode()).hexdigest()[:10],
    cpp_sources=CPP_SRC,
    cuda_sources=CUDA_SRC,
    functions=["gfl_cuda"],
    verbose=False,
)


class ModelNew(nn.Module):
    def __init__(self, alpha=2.0, gamma=4.0):
        super().__init__()
        self.alpha = alpha
        self.gamma = gamma

    def forward(self, pred: torch.Tensor, gt: torch.Tensor) -> torch.Tensor:
        return _ext.gfl_cuda(pred, gt, self.alpha, self.gamma)
