"""D8 flow directions in CUDA C: one thread per cell, the eight neighbours in `__constant__` tables."""

import hashlib

import torch
import torch.nn as nn
from torch.utils.cpp_extension import load_inline

CUDA_SRC = r"""
#include <torch/extension.h>
#include <c10/cuda/CUDAException.h>
#include <c10/cuda/CUDAStream.h>

__constant__ int DY[8] = {0, 1, 1, 1, 0, -1, -1, -1};
__constant__ int DX[8] = {1, 1, 0, -1, -1, -1, 0, 1};
__constant__ int CODE[8] = {1, 2, 4, 8, 16, 32, 64, 128};

__global__ void d8_kernel(const float* __restrict__ dem, int64_t* __restrict__ out, int64_t total, int h, int w,
                          float cs, float diag) {
  const int64_t idx = static_cast<int64_t>(blockIdx.x) * blockDim.x + threadIdx.x;
  if (idx >= total) return;
  const int x = static_cast<int>(idx % w);
  const int y = static_cast<int>((idx / w) % h);
  const int64_t base = idx - static_cast<int64_t>(y) * w - x;
  const float z = dem[idx];
  float best = 0.0f;
  int code = 0;
  for (int k = 0; k < 8; ++k) {
    const int r = y + DY[k];
    const int c = x + DX[k];
    if (r < 0 || r >= h || c < 0 || c >= w) continue;
    const float dist = (DY[k] != 0 && DX[k] != 0) ? diag : cs;
    const float drop = (z - dem[base + static_cast<int64_t>(r) * w + c]) / dist;
    if (drop > best) {
      best = drop;
      code = CODE[k];
    }
  }
  out[idx] = code;
}

torch::Tensor d8(torch::Tensor dem, double cell_size, double diag) {
  TORCH_CHECK(dem.is_cuda() && dem.scalar_type() == torch::kFloat32, "dem must be a CUDA float32 tensor");
  auto d = dem.contiguous();
  const int h = static_cast<int>(d.size(1));
  const int w = static_cast<int>(d.size(2));
  auto out = torch::empty(d.sizes(), d.options().dtype(torch::kInt64));
  const int64_t total = d.numel();
  if (total == 0) return out;
  const int threads = 256;
  const int blocks = static_cast<int>((total + threads - 1) / threads);
  d8_kernel<<<blocks, threads, 0, c10::cuda::getCurrentCUDAStream()>>>(
      d.data_ptr<float>(), out.data_ptr<int64_t>(), total, h, w, static_cast<float>(cell_size),
      static_cast<float>(diag));
  C10_CUDA_KERNEL_LAUNCH_CHECK();
  return out;
}
"""

CPP_SRC = "torch::Tensor d8(torch::Tensor dem, double cell_size, double diag);"

_ext = load_inline(
    name="nm39_d8_ext_" + hashlib.sha1(CUDA_SRC.encode()).hexdigest()[:10],
    cpp_sources=CPP_SRC,
    cuda_sources=CUDA_SRC,
    functions=["d8"],
    verbose=False,
)


class ModelNew(nn.Module):
    def __init__(self, cell_size: float):
        super().__init__()
        self.cell_size = cell_size

    def forward(self, dem):
        return _ext.d8(dem, self.cell_size, self.cell_size * 2.0 ** 0.5)
