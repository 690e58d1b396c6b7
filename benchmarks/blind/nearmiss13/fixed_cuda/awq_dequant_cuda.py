"""CUDA AWQ int4 dequantisation (load_inline): one thread per output weight."""

import torch
import torch.nn as nn
from torch.utils.cpp_extension import load_inline

cuda_source = r"""
#include <torch/extension.h>
#include <c10/cuda/CUDAStream.h>
#include <cuda_fp16.h>

__device__ __forceinline__ int awq_shift(int j) {
    return ((j & 7) / 2 + (j & 1) * 4) * 4;
}

__global__ void awq_dequant_kernel(const int* __restrict__ qweight, const int* __restrict__ qzeros,
                                   const __half* __restrict__ scales, __half* __restrict__ out,
                                   int K, int N, int group_size) {
    const int idx = blockIdx.x * blockDim.x + threadIdx.x;
    if (idx < K * N) {
        const int k = idx / N;
        const int j = idx % N;
        const int g = k / group_size;
        const int packed_n = N / 8;
        const int sh = awq_shift(j);
        const int w = (qweight[k * packed_n + j / 8] >> sh) & 0xF;
        const int z = (qzeros[g * packed_n + j / 8] >> sh) & 0xF;
        const float s = __half2float(scales[g * N + j]);
        out[idx] = __float2half((float)(w - z) * s);
    }
}

torch::Tensor awq_dequant(torch::Tensor qweight, torch::Tensor qzeros, torch::Tensor scales, int64_t group_size) {
    TORCH_CHECK(qweight.is_cuda() && qweight.scalar_type() == torch::kInt32, "expects int32 CUDA qweight");
    TORCH_CHECK(scales.scalar_type() == torch::kFloat16, "expects fp16 scales");
    auto qw = qweight.contiguous();
    auto qz = qzeros.contiguous();
    auto sc = scales.contiguous();
    const int K = (int)qw.size(0);
    const int N = (int)qw.size(1) * 8;
    auto out = torch::empty({K, N}, sc.options());
    const int threads = 256;
    const int blocks = (K * N + threads - 1) / threads;
    awq_dequant_kernel<<<blocks, threads, 0, c10::cuda::getCurrentCUDAStream()>>>(
        qw.data_ptr<int>(), qz.data_ptr<int>(), reinterpret_cast<const __half*>(sc.data_ptr<at::Half>()),
        reinterpret_cast<__half*>(out.data_ptr<at::Half>()), K, N, (int)group_size);
    return out;
}
"""

cpp_source = "torch::Tensor awq_dequant(torch::Tensor qweight, torch::Tensor qzeros, torch::Tensor scales, int64_t group_size);"

awq_ext = load_inline(name="nm13_awq_dequant_ext", cpp_sources=cpp_source, cuda_sources=cuda_source,
                      functions=["awq_dequant"], extra_cuda_cflags=["-O3"], verbose=False)


class ModelNew(nn.Module):
    def __init__(self, group_size: int):
        super().__init__()
        self.group_size = group_size

    def forward(self, qweight: torch.Tensor, qzeros: torch.Tensor, scales: torch.Tensor) -> torch.Tensor:
        return awq_ext.awq_dequant(qweight, qzeros, scales, self.group_size)
