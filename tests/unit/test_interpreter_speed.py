"""The interpreter's cheaper re-patching (verifiers/interpreter_speed.py) changes no result.

Runs in a subprocess: TRITON_INTERPRET must be set before a kernel is decorated.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap

SCRIPT = textwrap.dedent('''
    import inspect, json, sys
    import torch, triton, triton.language as tl
    from kagent.verifiers import interpreter_speed

    @triton.jit
    def _scaled(x, s):
        return x * s

    @triton.jit
    def rowmax(x_ptr, out_ptr, R, C, BLOCK_R: tl.constexpr, BLOCK_C: tl.constexpr):
        pid = tl.program_id(0)
        cols = tl.arange(0, BLOCK_C)
        acc = tl.full([BLOCK_C], -float("inf"), tl.float32)
        for r0 in range(0, R, BLOCK_R):
            rows = r0 + tl.arange(0, BLOCK_R)
            m = (rows[:, None] < R) & (cols[None, :] < C)
            x = tl.load(x_ptr + pid * R * C + rows[:, None] * C + cols[None, :], mask=m, other=-float("inf"))
            acc = tl.maximum(acc, tl.max(_scaled(x, 2.0), axis=0))
        tl.store(out_ptr + pid * C + cols, tl.sum(acc[None, :], axis=0) + tl.math.exp(acc * 0.0), mask=cols < C)

    torch.manual_seed(0)
    x = torch.randn(3, 37, 20)

    def run():
        out = torch.empty(3, 20)
        rowmax[(3,)](x, out, 37, 20, BLOCK_R=8, BLOCK_C=32)
        return out

    from triton.runtime import interpreter as ti
    cores = []
    real_core = ti._patch_lang_core
    ti._patch_lang_core = lambda *a, **k: (cores.append(1), real_core(*a, **k))[1]
    listed = []
    real = inspect.getmembers
    inspect.getmembers = lambda *a, **k: (listed.append(1), real(*a, **k))[1]
    plain = run()
    plain_listings, plain_cores = len(listed), len(cores)
    assert interpreter_speed.install() and interpreter_speed.install()
    listed.clear(); cores.clear()
    fast = run(); again = run()
    print(json.dumps({"same": torch.equal(plain, fast) and torch.equal(fast, again),
                      "right": torch.allclose(fast, (2 * x).amax(dim=1) + 1),
                      "plain_listings": plain_listings, "fast_listings": len(listed),
                      "plain_cores": plain_cores, "fast_cores": len(cores)}))
''')


def _interpreted(tmp_path, source: str) -> dict:
    """Run `source` as a script under the interpreter; its last line of output, as JSON."""
    script = tmp_path / "run.py"
    script.write_text(source)
    proc = subprocess.run([sys.executable, str(script)], capture_output=True, text=True, timeout=300,
                          env={**os.environ, "TRITON_INTERPRET": "1"})
    assert proc.returncode == 0, proc.stderr[-3000:]
    return json.loads(proc.stdout.strip().splitlines()[-1])


def test_cheaper_patching_gives_the_same_results_and_patches_once_per_launch(tmp_path):
    got = _interpreted(tmp_path, SCRIPT)
    assert got["same"] and got["right"], got
    # Triton lists the packages at every launch and every device-function call (5 calls per loop
    # iteration here); with the patch each package is listed once, whatever the number of calls
    assert got["plain_listings"] > 50, got
    assert got["fast_listings"] <= 5, got
    # and a device call inside a launch patches the language only where the launch has not: per launch
    # `tl` for the kernel, then `tl.core` and `tl` once for the first call into triton.language.standard
    assert got["plain_cores"] > 40, got
    assert got["fast_cores"] == 2 * 3, got


TYPES_SCRIPT = textwrap.dedent('''
    import json
    import torch, triton, triton.language as tl
    from kagent.verifiers import interpreter_speed

    @triton.jit
    def mix(x_ptr, w_ptr, out_ptr, R, C, BLOCK_R: tl.constexpr, BLOCK_C: tl.constexpr):
        rows = tl.program_id(0) * BLOCK_R + tl.arange(0, BLOCK_R)
        cols = tl.arange(0, BLOCK_C)
        m = (rows[:, None] < R) & (cols[None, :] < C)
        x = tl.load(x_ptr + rows[:, None] * C + cols[None, :], mask=m, other=0.0)
        w = tl.load(w_ptr + cols, mask=cols < C, other=0.0).to(tl.float16)
        y = x * w[None, :] + 1
        s = tl.sum(tl.where(m, y, 0.0), axis=1)
        z = tl.reshape(y, (BLOCK_R * BLOCK_C,))
        tl.store(out_ptr + rows[:, None] * C + cols[None, :], y - s[:, None] + tl.max(z, axis=0), mask=m)

    @triton.jit
    def bad(out_ptr, N: tl.constexpr):
        tl.store(out_ptr + tl.arange(0, N), 1.0)

    torch.manual_seed(0)
    x, w = torch.randn(37, 20), torch.randn(20)

    def run():
        out = torch.empty(37, 20)
        mix[(triton.cdiv(37, 8),)](x, w, out, 37, 20, BLOCK_R=8, BLOCK_C=32)
        return out

    def refused():
        try:
            bad[(1,)](torch.empty(8), N=6)
        except Exception as exc:
            return type(exc).__name__ + str(exc)[-80:]
        return None

    def described(t):
        return [str(t), t.name, list(t.shape.values), t.numel, str(t.element_ty)]

    plain, plain_error = run(), refused()
    plain_types = [described(tl.block_type(e, s)) for e in (tl.float32, tl.pointer_type(tl.int8)) for s in ([4, 8], [16])]
    assert interpreter_speed.install()
    fast, again = run(), run()
    fast_errors = [refused(), refused()]
    fast_types = [described(tl.block_type(e, s)) for e in (tl.float32, tl.pointer_type(tl.int8)) for s in ([4, 8], [16])]
    a, b = tl.block_type(tl.float32, [4, 8]), tl.block_type(tl.float32, [4, 8])
    print(json.dumps({"same": torch.equal(plain, fast) and torch.equal(fast, again),
                      "errors": [plain_error, *fast_errors], "types": [plain_types, fast_types],
                      "own_shape": a.shape is not b.shape and a.shape.values is not b.shape.values}))
''')


def test_reused_types_give_the_same_results_types_and_errors(tmp_path):
    got = _interpreted(tmp_path, TYPES_SCRIPT)
    assert got["same"], got
    # a shape Triton refuses (not a power of two) is refused every time, with Triton's own error
    assert got["errors"][0] and len(set(got["errors"])) == 1, got["errors"]
    assert got["types"][0] == got["types"][1], got["types"]
    assert got["own_shape"], got  # no two types share one (mutable) shape tuple
