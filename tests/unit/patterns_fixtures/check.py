"""Stand-in differential check for the transform tests, used while `kagent.api.verify` is absent.

    python check.py FILE [FILE ...]   ->  one JSON line per file: {"file", "verdict", "reason"}

Each FILE holds a KernelBench problem and its candidate (Model, get_inputs, get_init_inputs,
ModelNew). The candidate runs under TRITON_INTERPRET=1 with freshly allocated tensors poisoned
with NaN (so unwritten outputs show), on three seeds and a x300 value stress; its error against
the float64 truth must be within 8x the reference's own error plus a small dtype floor, inputs
must be unchanged, no NaN/Inf where the truth and the reference are finite.
"""

from __future__ import annotations

import importlib.util
import json
import os
import signal
import sys
import time

os.environ["TRITON_INTERPRET"] = "1"

import torch  # noqa: E402

FLOOR = {torch.float32: 1e-5, torch.float16: 2e-3, torch.bfloat16: 1e-2, torch.float64: 1e-12}


def _load(path: str):
    spec = importlib.util.spec_from_file_location(f"cand_{abs(hash(path))}", path)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


class _Poison:
    """Fill tensors from torch.empty/empty_like with NaN (ints with a sentinel) while active."""

    def __enter__(self):
        self.saved = torch.empty, torch.empty_like

        def fill(t):
            if isinstance(t, torch.Tensor):
                t.fill_(float("nan") if t.is_floating_point() else -7)
            return t

        torch.empty = lambda *a, **k: fill(self.saved[0](*a, **k))
        torch.empty_like = lambda *a, **k: fill(self.saved[1](*a, **k))
        return self

    def __exit__(self, *exc):
        torch.empty, torch.empty_like = self.saved


def _as_list(out):
    return list(out) if isinstance(out, (tuple, list)) else [out]


def check(path: str) -> tuple[str, str]:
    mod = _load(path)
    init = mod.get_init_inputs()
    for seed, scale in ((0, 1.0), (1, 1.0), (2, 300.0)):
        torch.manual_seed(seed)
        inputs = [x * scale if isinstance(x, torch.Tensor) and x.is_floating_point() else x
                  for x in mod.get_inputs()]
        torch.manual_seed(1234)
        ref_model = mod.Model(*init)
        torch.manual_seed(1234)
        cand_model = mod.ModelNew(*init)
        truth_model = ref_model.__class__(*init)
        truth_model.load_state_dict(ref_model.state_dict())
        truth_model = truth_model.double()
        as64 = [x.double() if isinstance(x, torch.Tensor) and x.is_floating_point() else x for x in inputs]
        truth = _as_list(truth_model(*as64))
        ref = _as_list(ref_model(*[x.clone() if isinstance(x, torch.Tensor) else x for x in inputs]))
        before = [x.clone() if isinstance(x, torch.Tensor) else x for x in inputs]
        try:
            with _Poison():
                cand = _as_list(cand_model(*inputs))
        except Exception as exc:  # the candidate's own failure is the verdict
            return "fail", f"seed {seed} x{scale}: {type(exc).__name__}: {exc}"[:400]
        for b, x in zip(before, inputs):
            if isinstance(b, torch.Tensor) and not torch.equal(b, x):
                return "fail", f"seed {seed} x{scale}: input modified"
        if len(cand) != len(ref):
            return "fail", "output count differs"
        for i, (c, r, t) in enumerate(zip(cand, ref, truth)):
            if c.shape != r.shape:
                return "fail", f"output {i}: shape {tuple(c.shape)} != {tuple(r.shape)}"
            if c.dtype != r.dtype:
                return "fail", f"output {i}: dtype {c.dtype} != {r.dtype}"
            t = t.double()
            finite = torch.isfinite(t) & torch.isfinite(r)  # where the reference overflows, so may we
            cd = c.double()
            if (~torch.isfinite(cd) & finite).any():
                return "fail", f"seed {seed} x{scale}: output {i} has NaN/Inf where the truth is finite"
            scale_t = t[finite].abs().max().item() if finite.any() else 1.0
            err_c = (cd - t)[finite].abs().max().item() if finite.any() else 0.0
            err_r = (r.double() - t)[finite].abs().max().item() if finite.any() else 0.0
            bound = 8 * err_r + FLOOR.get(r.dtype, 1e-5) * max(scale_t, 1.0)
            if err_c > bound:
                return "fail", f"seed {seed} x{scale}: output {i} max err {err_c:.3g} > bound {bound:.3g}"
    return "pass", "all cases within bound"


PER_FILE_S = 180.0


def _one(path: str) -> dict:
    try:
        verdict, reason = check(path)
    except Exception as exc:  # a candidate that cannot even be loaded fails; report why
        verdict, reason = "fail", f"{type(exc).__name__}: {exc}"[:400]
    return {"file": path, "verdict": verdict, "reason": reason}


def _forked(path: str) -> dict:
    """One file in a child forked from this process (torch imported once for all files): an edit that
    corrupts the heap (an unmasked store) kills or hangs its child, not the batch."""
    read, write = os.pipe()
    pid = os.fork()
    if pid == 0:
        os.close(read)
        code = 0
        try:
            os.write(write, json.dumps(_one(path)).encode())
        except BaseException:
            code = 1
        os._exit(code)
    os.close(write)
    deadline, status = time.monotonic() + PER_FILE_S, None
    while status is None and time.monotonic() < deadline:
        done, st = os.waitpid(pid, os.WNOHANG)
        status = st if done else None
        if status is None:
            time.sleep(0.05)
    if status is None:
        os.kill(pid, signal.SIGKILL)
        os.waitpid(pid, 0)
    data = b""
    while chunk := os.read(read, 65536):
        data += chunk
    os.close(read)
    if data:
        return json.loads(data)
    why = "hung" if status is None else f"status {status}"
    return {"file": path, "verdict": "fail", "reason": f"worker died: {why}"}


def main() -> int:
    worst = 0
    for path in sys.argv[1:]:
        rec = _forked(path)
        worst = max(worst, rec["verdict"] != "pass")
        sys.stdout.write(json.dumps(rec) + "\n")
        sys.stdout.flush()
    return worst


if __name__ == "__main__":
    sys.exit(main())
