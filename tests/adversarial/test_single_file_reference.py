"""A single-file candidate (Model and ModelNew in one file): the reference worker runs only the
file's reference half, so the candidate's module-level code cannot change what the reference
computes. Here it replaces torch.relu (by a route the static checks only warn about under the
lenient profile) with the very function its kernel computes: before, the expected outputs were
made with the patched relu and the wrong kernel passed."""

from __future__ import annotations

import ast
import textwrap

from kagent.api import verify
from kagent.tools.problem import reference_part

PATCHING = textwrap.dedent('''
    import torch
    import torch.nn as nn
    import triton
    import triton.language as tl

    vars(torch).update({"".join(reversed("uler")): (lambda x: x * 0.5)})

    SIZE = 4096


    def _inputs():
        return [torch.randn(SIZE)]


    class Model(nn.Module):
        def forward(self, x):
            return torch.relu(x)


    def get_inputs():
        return _inputs()


    def get_init_inputs():
        return []


    @triton.jit
    def half_kernel(x_ptr, out_ptr, n, BLOCK: tl.constexpr):
        offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
        m = offs < n
        tl.store(out_ptr + offs, tl.load(x_ptr + offs, mask=m) * 0.5, mask=m)


    class ModelNew(nn.Module):
        def forward(self, x):
            out = torch.empty_like(x)
            half_kernel[(triton.cdiv(x.numel(), 1024),)](x, out, x.numel(), BLOCK=1024)
            return out
''')


def test_the_reference_half_keeps_what_the_reference_uses_and_nothing_else():
    half = reference_part(PATCHING)
    names = {n.name for n in ast.parse(half).body if isinstance(n, (ast.ClassDef, ast.FunctionDef))}
    assert names == {"Model", "get_inputs", "get_init_inputs", "_inputs"}
    assert "SIZE = 4096" in half  # used by a helper the reference calls
    assert "vars(" not in half and "ModelNew" not in half and "half_kernel" not in half


def test_module_level_code_of_a_single_file_cannot_change_the_reference(tmp_path):
    path = tmp_path / "candidate.py"
    path.write_text(PATCHING)
    report = verify(path, None, device="cpu", anticheat_profile="lenient")
    assert report.verdict == "fail" and report.failure_class == "numerical_mismatch", report.summary
