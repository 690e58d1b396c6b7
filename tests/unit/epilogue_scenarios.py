"""Scenarios for tests/unit/test_epilogue_policy.py, run in a subprocess (TRITON_INTERPRET must be set before
a kernel is decorated): each candidate's forward under the operator recorder and the step recorder,
then the epilogue policy; prints one JSON line per candidate: {name: provenance event}."""

from __future__ import annotations

import json
import os
import sys
import tempfile
from pathlib import Path

os.environ["TRITON_INTERPRET"] = "1"

import torch  # noqa: E402

from kagent.tools.problem import exec_module  # noqa: E402
from kagent.verifiers import epilogue, traps  # noqa: E402

HERE = Path(__file__).resolve().parent
CORPUS = HERE.parent / "corpus"
PROBLEM = CORPUS / "cheats2" / "problems" / "mse_mean.py"

# small forwards for the cases the corpus files do not isolate (appended to a kernel that writes per-row sums)
_HEAD = '''
import torch, torch.nn as nn, triton, triton.language as tl

@triton.jit
def _rows(p_ptr, t_ptr, out_ptr, n_cols, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    cols = tl.arange(0, BLOCK)
    d = tl.load(p_ptr + row * n_cols + cols) - tl.load(t_ptr + row * n_cols + cols)
    tl.store(out_ptr + row, tl.sum(d * d, axis=0))

def rows_of(pred, target):
    out = torch.empty(pred.shape[0], device=pred.device)
    _rows[(pred.shape[0],)](pred, target, out, pred.shape[1], BLOCK=pred.shape[1])
    return out

class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()
        self.scale = nn.Parameter(torch.ones(64))
    def forward(self, pred, target):
'''
INLINE = {
    # a one-element integer count made from integer data scales the epilogue (a loss over valid labels)
    "count_scale": "rows = rows_of(pred, target)\n"
                   "n = (torch.arange(pred.numel(), device=pred.device) >= 0).sum()\n"
                   "return rows.sum() / n",
    # torch copies a small slice of an input into fresh memory a kernel then only reads: not kernel output
    "torch_copy_into_kernel_buffer": "rows = rows_of(pred, target)\n"
                                     "buf = torch.empty(64, device=pred.device)\n"
                                     "buf.copy_(pred[:, 0])\n"
                                     "_rows[(1,)](buf, buf, torch.empty(1, device=pred.device), 64, BLOCK=64)\n"
                                     "return (rows.sum() + buf.sum() * 0) / pred.numel()",
    # a weight of the model enters the epilogue: not the kernel's output
    "parameter_in_epilogue": "rows = rows_of(pred, target)\n"
                             "return (rows + self.scale * 0).sum() / pred.numel()",
    # host-built values scale the result
    "host_tensor_scale": "rows = rows_of(pred, target)\n"
                         "return rows.sum() * torch.tensor(1.0 / pred.numel())",
    # a Python number and a one-element kernel result are scales; add/sub/neg of kernel results are linear
    "linear_mix": "rows = rows_of(pred, target)\n"
                  "s = rows.sum()\n"
                  "return -(-(s / pred.numel()) + rows[:1].sum() * 0.0)",
}


def _run(name: str, module, problem) -> dict:
    model = module.ModelNew(*problem.get_init_inputs())
    torch.manual_seed(0)
    inputs = problem.get_inputs()
    with tempfile.TemporaryDirectory() as tmp:
        rec, rep = traps.OpRecorder(str(Path(tmp) / "trace.json")), traps.Replay(candidate_file=module.__file__)
        with torch.no_grad(), rec, rep:
            model(*inputs)
    tail = epilogue.analyse(rep.steps, rep.lines, inputs, [*model.parameters()], module.__file__)
    return rec.record.as_event(index_ok=True, epilogue=tail.as_event())


def main() -> None:
    traps.install_op_recorder_guards()
    problem = exec_module(PROBLEM, "scenario_problem")
    out = {}
    paths = sorted((HERE.parent / "adversarial" / "epilogue").glob("*.py")) + sorted((CORPUS / "cheats2").glob("epilogue_*.py"))
    for path in paths:
        out[path.name] = _run(path.name, exec_module(path, f"scenario_{path.stem}"), problem)
    with tempfile.TemporaryDirectory() as tmp:
        for name, body in INLINE.items():
            path = Path(tmp) / f"{name}.py"
            path.write_text(_HEAD + "".join(f"        {line}\n" for line in body.splitlines()))
            out[name] = _run(name, exec_module(path, f"scenario_{name}"), problem)
    sys.stdout.write(json.dumps(out) + "\n")


if __name__ == "__main__":
    main()
