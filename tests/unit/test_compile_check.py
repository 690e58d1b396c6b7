"""The compile check (verifiers/compile_check.py): a kernel launched under the CPU interpreter must
also compile with Triton's real frontend. A body that calls into host Python (which the interpreter
runs) is a cheat; an honest kernel, and a kernel calling a @triton.jit helper, compile. Results are
cached: a second check of the same source starts no worker."""

from __future__ import annotations

from pathlib import Path

import pytest

from kagent.tools.sandbox import SandboxSpec
from kagent.tools.triton_capture import load_module
from kagent.verifiers import compile_check

HONEST = '''
import triton
import triton.language as tl


@triton.jit
def _twice(x):
    return x * 2


@triton.jit
def kernel(out_ptr, in_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(in_ptr + offs, mask=mask)
    tl.store(out_ptr + offs, _twice(tl.maximum(x, 0.0)), mask=mask)
'''

HOST_PYTHON = '''
import ctypes

import triton
import triton.language as tl


def _on_host(out_ptr, in_ptr, n):
    src = (ctypes.c_float * int(n)).from_address(int(in_ptr))
    return src


@triton.jit
def kernel(out_ptr, in_ptr, n, BLOCK: tl.constexpr):
    _on_host(out_ptr, in_ptr, n)
'''


@pytest.fixture()
def cache(tmp_path, monkeypatch):
    monkeypatch.setenv("KAGENT_CACHE_DIR", str(tmp_path / "cache"))
    return tmp_path


def _check(folder: Path, name: str, source: str):
    import torch

    path = folder / f"{name}.py"
    path.write_text(source)
    kernel = load_module(path).kernel
    x = torch.randn(100)
    specs, why = compile_check.launch_specs([(kernel, (torch.empty_like(x), x, 100), {"BLOCK": 128})])
    assert why is None and specs
    check = compile_check.CompileCheck(source, None, 120, SandboxSpec(device="cpu"))
    found, not_run = check.findings(path, [{"event": "case_done", "case": "problem", "kernel_specs": specs}])
    return found, not_run, check.spawned


def test_honest_kernel_compiles_and_is_cached(cache):
    found, not_run, started = _check(cache, "honest", HONEST)
    assert (found, not_run, started) == ([], [], True)
    found, not_run, started = _check(cache, "honest", HONEST)
    assert (found, not_run, started) == ([], [], False)  # the second verify of the source starts no worker


def test_kernel_body_calling_host_python_is_a_cheat(cache):
    found, not_run, _ = _check(cache, "host_python", HOST_PYTHON)
    assert not not_run
    assert [f.failure_class for f in found] == ["cheat"]
    assert "kernel kernel" in found[0].message and "_on_host" in found[0].message
