"""Run by tests/unit/test_bounds.py in a subprocess (the interpreter must be on before Triton is
imported): each scenario launches a small kernel with kagent's bounds check installed and records
what the check said. Prints one JSON object."""

import json
import os
import sys

os.environ["TRITON_INTERPRET"] = "1"

import torch  # noqa: E402
import triton  # noqa: E402
import triton.language as tl  # noqa: E402

from kagent.verifiers import bounds  # noqa: E402
from kagent.verifiers.canary import guarded_copy  # noqa: E402


@triton.jit
def copy_kernel(x_ptr, out_ptr, N, BLOCK: tl.constexpr, MASK_LOAD: tl.constexpr, MASK_STORE: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    if MASK_LOAD:
        x = tl.load(x_ptr + offs, mask=offs < N, other=0.0)
    else:
        x = tl.load(x_ptr + offs)  # LOAD_LINE
    if MASK_STORE:
        tl.store(out_ptr + offs, x, mask=offs < N)
    else:
        tl.store(out_ptr + offs, x)  # STORE_LINE


@triton.jit
def atomic_kernel(out_ptr, N, BLOCK: tl.constexpr, MASKED: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    ones = tl.full([BLOCK], 1.0, tl.float32)
    if MASKED:
        tl.atomic_add(out_ptr + offs, ones, mask=offs < N)
    else:
        tl.atomic_add(out_ptr + offs, ones)  # ATOMIC_LINE


@triton.jit
def rows_kernel(x_ptr, out_ptr, M, N, stride, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr):
    rm = tl.arange(0, BLOCK_M)[:, None]
    rn = tl.arange(0, BLOCK_N)[None, :]
    mask = (rm < M) & (rn < N)
    x = tl.load(x_ptr + rm * stride + rn, mask=mask)
    tl.store(out_ptr + rm * N + rn, x, mask=mask)


def run(fn):
    bounds.take_violation()
    try:
        fn()
        error = None
    except Exception as exc:  # noqa: BLE001 - the scenario records what was raised
        error = type(exc).__name__
    v = bounds.take_violation()
    return {"error": error, "violation": v.model_dump() if v else None}


def main() -> None:
    assert bounds.install() and bounds.install()  # idempotent
    n = 1000
    x, out = torch.randn(n), torch.empty(n)
    res = {}
    res["masked"] = run(lambda: copy_kernel[(4,)](x, out, n, BLOCK=256, MASK_LOAD=True, MASK_STORE=True))
    res["unmasked_load"] = run(lambda: copy_kernel[(4,)](x, out, n, BLOCK=256, MASK_LOAD=False, MASK_STORE=True))
    res["unmasked_store"] = run(lambda: copy_kernel[(4,)](x, out, n, BLOCK=256, MASK_LOAD=True, MASK_STORE=False))
    # an over-read into a kagent guard region is out of bounds; the same read inside a user's larger
    # tensor (a view) is not
    g_view, g = guarded_copy(x, "input0", "nan")
    with bounds.kagent_buffers([g], []):
        res["guarded_overread"] = run(lambda: copy_kernel[(4,)](g_view, out, n, BLOCK=256, MASK_LOAD=False, MASK_STORE=True))
    big = torch.randn(2 * n)
    res["view_overread"] = run(lambda: copy_kernel[(4,)](big[:n], out, n, BLOCK=256, MASK_LOAD=False, MASK_STORE=True))
    acc = torch.zeros(10)
    res["atomic_masked"] = run(lambda: atomic_kernel[(1,)](acc, 10, BLOCK=16, MASKED=True))
    res["atomic_unmasked"] = run(lambda: atomic_kernel[(1,)](acc, 10, BLOCK=16, MASKED=False))
    m2 = torch.randn(5, 8)
    o2 = torch.empty(5, 3)
    res["strided_view"] = run(lambda: rows_kernel[(1,)](m2[:, 2:5], o2, 5, 3, 8, BLOCK_M=8, BLOCK_N=4))

    def swallowed():
        try:
            copy_kernel[(4,)](x, out, n, BLOCK=256, MASK_LOAD=False, MASK_STORE=True)
        except Exception:  # noqa: BLE001 - a candidate hiding the fault
            pass

    res["swallowed"] = run(swallowed)
    lines = {}
    for i, text in enumerate(open(__file__).read().splitlines(), 1):
        for tag in ("LOAD_LINE", "STORE_LINE", "ATOMIC_LINE"):
            if text.rstrip().endswith("# " + tag):
                lines[tag] = i
    res["lines"] = lines
    res["file"] = __file__
    json.dump(res, sys.stdout)


if __name__ == "__main__":
    main()
