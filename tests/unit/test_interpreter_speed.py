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


def test_cheaper_patching_gives_the_same_results_and_patches_once_per_launch(tmp_path):
    script = tmp_path / "run.py"
    script.write_text(SCRIPT)
    proc = subprocess.run([sys.executable, str(script)], capture_output=True, text=True, timeout=300,
                          env={**os.environ, "TRITON_INTERPRET": "1"})
    assert proc.returncode == 0, proc.stderr[-3000:]
    got = json.loads(proc.stdout.strip().splitlines()[-1])
    assert got["same"] and got["right"], got
    # Triton lists the packages at every launch and every device-function call (5 calls per loop
    # iteration here); with the patch each package is listed once, whatever the number of calls
    assert got["plain_listings"] > 50, got
    assert got["fast_listings"] <= 5, got
    # and a device call inside a launch patches the language only where the launch has not: per launch
    # `tl` for the kernel, then `tl.core` and `tl` once for the first call into triton.language.standard
    assert got["plain_cores"] > 40, got
    assert got["fast_cores"] == 2 * 3, got
