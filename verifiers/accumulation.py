"""The error of a float32 accumulation, simulated on the reference.

torch's CPU reductions and scans (sum, mean, cumsum) accumulate float32 in double, so the float32
reference is nearly exact there: its own error is the final rounding. A kernel that accumulates in
float32, as GPU kernels do, errs by sum_j delta_j * s_j (recursive summation, |delta_j| <= u, s_j
the partial sums: Higham, Accuracy and Stability of Numerical Algorithms, ch. 4), which grows with
the reduced length; judged against the reference's own error it is rejected (cumsum over 8193
columns: 15x the reference's error).

`float32_accumulation` runs the float32 reference with those operators done as the plainest kernel
does them: one float32 accumulator carried sequentially along the reduced axis (numpy's cumsum is
exactly that, in C), the most pessimistic of the usual orders (a tree or per-lane accumulators err
less) and the one the Triton interpreter's tl.cumsum has. Its distance to the float64 truth is an
error an honest float32 kernel may have; the harness folds it into the reference's error (`sens`),
which the oracle scales by its ratio. A float16 accumulator, a dropped term or a wrong element err
by orders of magnitude more.

torch is imported inside the functions (the worker imports this module early).
"""

from __future__ import annotations

from typing import Any


def float32_accumulation(model: Any, inputs: list, call: Any) -> list | None:
    """The outputs of `call(model, inputs)` (a float32 forward) with float32 sums, means and scans
    accumulated sequentially in float32; None when the forward ran none of them (nothing to add)."""
    import torch
    from torch.utils._python_dispatch import TorchDispatchMode
    from kagent.verifiers.dispatch_modes import without_dynamo

    aten = torch.ops.aten
    table = {
        aten.sum.default: lambda x, dtype=None: _reduce(x, None, False, dtype, mean=False),
        aten.sum.dim_IntList: lambda x, dim, keepdim=False, dtype=None: _reduce(x, dim, keepdim, dtype, mean=False),
        aten.mean.default: lambda x, dtype=None: _reduce(x, None, False, dtype, mean=True),
        aten.mean.dim: lambda x, dim, keepdim=False, dtype=None: _reduce(x, dim, keepdim, dtype, mean=True),
        aten.cumsum.default: lambda x, dim, dtype=None: _scan(x, dim, dtype),
    }
    hits = [0]

    @without_dynamo
    class _Float32Accumulation(TorchDispatchMode):
        def __torch_dispatch__(self, func, types, args=(), kwargs=None):  # type: ignore[no-untyped-def]
            kwargs = kwargs or {}
            impl = table.get(func)
            if impl is not None and args and _float32(args[0]) and kwargs.get("dtype") in (None, torch.float32):
                out = impl(*args, **kwargs)
                if out is not None:
                    hits[0] += 1
                    return out
            return func(*args, **kwargs)

    with torch.no_grad(), _Float32Accumulation():
        outs = call(model, inputs)
    return outs if hits[0] else None


def _float32(x: Any) -> bool:
    import torch

    return isinstance(x, torch.Tensor) and x.dtype == torch.float32 and x.numel() > 1


def _as_rows(x: Any, dims: list[int]) -> tuple[Any, list[int]]:
    """x with the reduced dims moved last and flattened: (rows, reduced length); and the kept shape."""
    keep = [d for d in range(x.dim()) if d not in dims]
    rows = x.permute(*keep, *dims).reshape(-1, _prod([x.shape[d] for d in dims]))
    return rows, [x.shape[d] for d in keep]


def _prod(xs: list[int]) -> int:
    n = 1
    for v in xs:
        n *= v
    return n


def _reduce(x: Any, dim: Any, keepdim: bool, dtype: Any, mean: bool) -> Any:
    dims = sorted({d % x.dim() for d in (range(x.dim()) if dim is None or len(dim) == 0 else dim)})
    rows, kept = _as_rows(x, dims)
    if rows.shape[1] < 2:
        return None
    acc = _sequential_sum(rows)
    if mean:
        acc = acc / rows.shape[1]
    out = acc.reshape(kept)
    if keepdim:
        for d in dims:
            out = out.unsqueeze(d)
    return out


def _sequential_sum(rows: Any) -> Any:
    return _sequential_scan(rows)[:, -1]


def _sequential_scan(rows: Any) -> Any:
    """(rows, K) float32 -> the running float32 sums along K, each step rounded (numpy's cumsum
    accumulates in the array's dtype, one element after another)."""
    import numpy as np
    import torch

    return torch.from_numpy(np.cumsum(rows.detach().cpu().numpy(), axis=1, dtype=np.float32)).to(rows.device)


def _scan(x: Any, dim: int, dtype: Any) -> Any:
    dim = dim % x.dim()
    moved = x.movedim(dim, -1)
    rows = moved.reshape(-1, moved.shape[-1])
    if rows.shape[1] < 2:
        return None
    return _sequential_scan(rows).reshape(moved.shape).movedim(-1, dim).contiguous()
