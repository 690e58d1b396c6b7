"""A stress case past float32's range for the problem: where the reference's own float32 result is not
finite and the float64 truth is, an honest kernel's other order overflows elsewhere (a blind twin's
sinh(a) / sinh(b): the reference's 0 where its kernel had NaN). The verify leaves such a case out and
says why; a kernel that overflows where the reference does not is still judged on every other case."""

from __future__ import annotations

from pathlib import Path

from kagent.api import verify

REFERENCE = '''import torch
import torch.nn as nn

batch_size = 16
dim = 64


class Model(nn.Module):
    def forward(self, x):  # a column scaled up and back: float32 overflows on the way (even columns)
        s = torch.where(torch.arange(x.shape[1], device=x.device) % 2 == 0, 1e35, 1.0).to(x.dtype)
        return (x * s) / s


def get_inputs():
    return [torch.randn(batch_size, dim)]


def get_init_inputs():
    return []
'''

KERNEL = '''import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def _k(x_ptr, out_ptr, n_cols, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    cols = tl.arange(0, BLOCK)
    m = cols < n_cols
    x = tl.load(x_ptr + row * n_cols + cols, mask=m, other=0.0)
    s = tl.where(cols % 2 == {parity}, 1e35, 1.0)
    tl.store(out_ptr + row * n_cols + cols, (x * s) / s, mask=m)


class ModelNew(nn.Module):
    def forward(self, x):
        x = x.contiguous()
        out = torch.empty_like(x)
        _k[(x.shape[0],)](x, out, x.shape[1], BLOCK=triton.next_power_of_2(x.shape[1]))
        return out
'''


def _files(tmp_path: Path, parity: int) -> tuple[Path, Path]:
    ref, cand = tmp_path / "scaled_ref.py", tmp_path / "scaled_kernel.py"
    ref.write_text(REFERENCE)
    cand.write_text(KERNEL.replace("{parity}", str(parity)))
    return cand, ref


def test_a_case_where_the_reference_itself_overflows_is_left_out(tmp_path):
    """The kernel scales the other columns: it overflows where the reference does not, and the reference
    where it does not. Past float32's range neither is wrong; on every other case both are exact."""
    report = verify(*_files(tmp_path, parity=1), device="cpu", seed=1, seeds=1)
    assert report.verdict == "pass", report.summary
    left_out = {n.check: n.reason for n in report.checks_not_run}
    assert "past float32's range" in left_out.get("case:stress_beyond_fp16", ""), left_out

