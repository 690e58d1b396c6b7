import torch
import torch.nn as nn
from torch.utils.cpp_extension import load_inline

cuda_source = r"""
#include <torch/extension.h>
#include <cuda_runtime.h>

template <typename scalar_t>
__global__ void one_hot_kernel(const int64_t* __restrict__ idx, scalar_t* __restrict__ out, int n, int num_classes) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    int64_t label = idx[i];
    if (label >= 0 && label < num_classes) out[(long long)i * num_classes + label] = 1;
}

torch::Tensor one_hot_cuda(torch::Tensor idx, int64_t num_classes) {
    TORCH_CHECK(idx.is_cuda() && idx.dtype() == torch::kInt64, "expects an int64 CUDA tensor");
    idx = idx.contiguous();
    int n = idx.numel();
    auto out = torch::zeros({(int64_t)n, num_classes}, idx.options().dtype(torch::kInt64));
    int threads = 256;
    int blocks = (n + threads - 1) / threads;
    AT_DISPATCH_INTEGRAL_TYPES(out.scalar_type(), "one_hot_cuda", ([&] {
        one_hot_kernel<scalar_t><<<blocks, threads>>>(idx.data_ptr<int64_t>(), out.data_ptr<scalar_t>(),
                                                      n, (int)num_classes);
    }));
    return out;
}
"""

cpp_source = "torch::Tensor one_hot_cuda(torch::Tensor idx, int64_t num_classes);"

_ext = load_inline(name="nm4_one_hot_ext", cpp_sources=cpp_source, cuda_sources=cuda_source,
                   functions=["one_hot_cuda"], verbose=False)


class ModelNew(nn.Module):
    def __init__(self, num_classes):
        super().__init__()
        self.num_classes = num_classes

    def forward(self, idx):
        return _ext.one_hot_cuda(idx, self.num_classes)
