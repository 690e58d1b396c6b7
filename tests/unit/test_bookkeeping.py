"""Host-side torch that computes no part of a result: integer bookkeeping on integer data (a count
of valid labels) and tables built from positions (a rotary embedding's cos/sin), statically and in
the operator provenance trap; torch on float data stays a cheat."""

import pytest
import torch

from kagent.verifiers import traps
from kagent.verifiers.anticheat_static import static_findings

_HEAD = '''
import torch, triton, triton.language as tl
class ModelNew(torch.nn.Module):
    def __init__(self, ignore_index=-100):
        super().__init__()
        self.ignore_index = ignore_index
    def forward(self, logits, targets):
        out = torch.zeros((), device=logits.device)
'''


def _errors(body: str) -> list[str]:
    src = _HEAD + "".join(f"        {line}\n" for line in body.strip().splitlines()) + "        return out\n"
    return [f.message for f in static_findings(src) if f.severity == "error"]


@pytest.mark.parametrize("line", [
    "n = int((targets != self.ignore_index).sum())",
    "n = (targets != self.ignore_index).sum().item()",
    "n = int(torch.count_nonzero(targets >= 0))",
    # kept as a tensor (`losses.sum() / n`): the provenance trap decides (integer data only, and it may enter
    # the result only as the one-number scale of a torch epilogue, verifiers/epilogue.py)
    "n = (targets != self.ignore_index).sum()",
])
def test_a_count_of_labels_is_not_a_static_cheat(line):
    assert _errors(line) == []


@pytest.mark.parametrize("line", [
    "n = int((logits * 2 > 0).sum())",  # arithmetic inside the count
    "n = int(logits.sum())",  # a reduction of data, not a count of matches
    "n = float((targets != self.ignore_index).float().mean())",
])
def test_other_reductions_stay_static_cheats(line):
    assert _errors(line)


def test_a_table_of_positions_is_not_a_static_cheat():
    body = """
s, d = logits.shape
inv = 1.0 / (10000.0 ** (torch.arange(0, d, 2, dtype=torch.float32, device=logits.device) / d))
freqs = torch.outer(torch.arange(s, dtype=torch.float32), inv)
emb = torch.cat([freqs, freqs], dim=-1)
cos, sin = emb.cos().contiguous(), emb.sin().contiguous()
"""
    assert _errors(body) == []


def test_a_table_of_the_data_is_a_static_cheat():
    body = """
s, d = logits.shape
inv = 1.0 / (10000.0 ** (torch.arange(0, d, 2, dtype=torch.float32) / d))
freqs = torch.outer(logits[:, 0], inv)
cos = freqs.cos()
"""
    assert _errors(body)


# -- the operator provenance trap ---------------------------------------------------------------

def _record(fn, tmp_path, index_ok=True):
    traps.install_op_recorder_guards()
    with traps.OpRecorder(str(tmp_path / "trace.json")) as rec:
        fn()
    return rec.record.as_event(index_ok=index_ok)


_T = torch.randint(0, 10, (32,))
_X = torch.randn(32, 8)


def test_integer_bookkeeping_is_allowed_when_every_output_is_floating(tmp_path):
    ev = _record(lambda: int((_T != -100).sum()), tmp_path)
    assert ev["compute_ops"] == {} and set(ev["index_ops"]) == {"aten::ne", "aten::sum"}
    ev = _record(lambda: int((_T != -100).sum()), tmp_path, index_ok=False)  # an integer result: it may be the answer
    assert set(ev["compute_ops"]) == {"aten::ne", "aten::sum"}


@pytest.mark.parametrize("fn, op", [
    (lambda: int((_X > 0).sum()), "aten::gt"),  # a count over float data
    (lambda: _X.view(torch.int32).sum(), "aten::sum"),  # float bits read as integers
    (lambda: (_X.argmax(1) * 2).sum(), "aten::mul"),  # integers derived from float data
    (lambda: torch.randn(16).cos(), "aten::cos"),  # random numbers are no table of positions
    (lambda: torch.zeros(4) + _X[0, :4], "aten::add"),
])
def test_work_on_float_data_stays_compute(fn, op, tmp_path):
    assert op in _record(fn, tmp_path)["compute_ops"]


def test_a_table_of_positions_is_no_compute(tmp_path):
    def rope_tables():
        inv = 1.0 / (10000.0 ** (torch.arange(0, 64, 2, dtype=torch.float32) / 64))
        emb = torch.outer(torch.arange(512, dtype=torch.float32), inv)
        emb = torch.cat([emb, emb], dim=-1)
        return emb.cos(), emb.sin()

    assert _record(rope_tables, tmp_path, index_ok=False)["compute_ops"] == {}
