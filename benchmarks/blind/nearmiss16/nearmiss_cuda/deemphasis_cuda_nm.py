"""De-emphasis IIR as a CUDA extension (load_inline): one thread per waveform walks its samples."""

import hashlib

import torch
import torch.nn as nn
from torch.utils.cpp_extension import load_inline

CUDA_SRC = r"""
#include <torch/extension.h>
#include <c10/cuda/CUDAException.h>
#include <c10/cuda/CUDAStream.h>

__global__ void deemphasis_kernel(const float* __restrict__ x, float* __restrict__ y, int rows, int n, float coeff) {
  int r = blockIdx.x * blockDim.x + threadIdx.x;
  if (r >= rows) return;
  const float* xr = x + static_cast<int64_t>(r) * n;
  float* yr = y + static_cast<int64_t>(r) * n;
  float prev = xr[0];
  for (int t = 0; t < n; ++t) {
    prev = xr[t] + coeff * prev;
    yr[t] = prev;
  }
}

torch::Tensor deemphasis_cuda(torch::Tensor x, double coeff) {
  TORCH_CHECK(x.is_cuda() && x.scalar_type() == torch::kFloat32 && x.dim() == 2, "x must be a 2-D CUDA float32 tensor");
  auto xc = x.contiguous();
  auto y = torch::empty_like(xc);
  int rows = static_cast<int>(xc.size(0));
  int n = static_cast<int>(xc.size(1));
  if (rows > 0 && n > 0) {
    const int threads = 64;
    const int blocks = (rows + threads - 1) / threads;
    deemphasis_kernel<<<blocks, threads, 0, c10::cuda::getCurrentCUDAStream()>>>(
        xc.data_ptr<float>(), y.data_ptr<float>(), rows, n, static_cast<float>(coeff));
    C10_CUDA_KERNEL_LAUNCH_CHECK();
  }
  return y;
}
"""

CPP_SRC = "torch::Tensor deemphasis_cuda(torch::Tensor x, double coeff);"

_ext = load_inline(
    name="nm16_deemphasis_ext_" + hashlib.sha1(CUDA_SRC.encode()).hexdigest()[:10],
    cpp_sources=CPP_SRC,
    cuda_sources=CUDA_SRC,
    functions=["deemphasis_cuda"],
    verbose=False,
)


class ModelNew(nn.Module):
    def __init__(self, coeff=0.97):
        super().__init__()
        self.coeff = coeff

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return _ext.deemphasis_cuda(x, self.coeff)
