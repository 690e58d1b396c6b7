"""The token budget holds against a provider that reports 3x the usage litellm counts (a
tokenizer unlike the fallback encoding): every call's worst case is reserved before it is made
(kagent.tools.llm's guarantee), in one repair, in a loop of calls, and across a batch's pool."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
import yaml

from kagent.budget import Ledger
from kagent.errors import BudgetExceeded
from kagent.repair.run import repair
from kagent.repair.state import RepairConfig

sys.path.insert(0, str(Path(__file__).parent))
from repair_fakes import FakeStore, FakeVerify, fake_static, toy_source, write_toy  # noqa: E402

FACTOR = 3.0


def _tweak(k: int) -> str:
    return f"<<<<<<< SEARCH\n    x = x + BUG0\n=======\n    x = x + BUG0 * {k}\n>>>>>>> REPLACE\n"


def _script(tmp_path: Path, n: int = 40, factor: float = FACTOR) -> str:
    p = tmp_path / "script.yaml"
    p.write_text(yaml.safe_dump({"usage_factor": factor, "answers": [_tweak(k) for k in range(2, 2 + n)]}))
    return f"script:{p}"


@pytest.mark.parametrize("budget", [2200, 3000, 6000])
def test_a_repair_never_exceeds_its_budget(tmp_path: Path, budget: int) -> None:
    cfg = RepairConfig(model=_script(tmp_path), token_budget=budget, min_answer_tokens=32, max_tokens_per_call=256,
                       stall_k=50, max_attempts=40)
    s = repair(write_toy(tmp_path, 2), runs_dir=tmp_path / "runs", config=cfg, verify_fn=FakeVerify(),
               patterns=FakeStore(), candidate_fixes=None, sleep=lambda _: None, static_check=fake_static)
    assert s.tokens <= budget, s.reason
    assert s.guard == "token_budget" and "overran" not in s.reason
    if budget >= 3000:
        assert s.llm_calls >= 1  # the budget is used, not refused outright


def _messages(i: int) -> list[dict[str, str]]:
    return [{"role": "system", "content": "You repair GPU kernels. Answer with SEARCH/REPLACE blocks."},
            {"role": "user", "content": f"Attempt {i}. The kernel:\n```python\n{toy_source(2 + i % 3)}```\n"
                                        "numerical_mismatch on 2 of 6 cases: max abs error 1.0 at [3]."}]


def _spend_until_refused(ledger: Ledger, model: str) -> int:
    from kagent.tools.llm import complete

    calls = 0
    while True:
        try:
            ans = complete(_messages(calls), model=model, ledger=ledger, max_tokens=300, min_answer_tokens=16)
        except BudgetExceeded:
            return calls
        assert ans.usage.overrun_tokens == 0
        calls += 1


@pytest.mark.parametrize("budget", [1500, 4000, 9000])
def test_calls_until_refused_stay_within_the_budget(tmp_path: Path, budget: int) -> None:
    ledger = Ledger(token_budget=budget)
    calls = _spend_until_refused(ledger, _script(tmp_path))
    assert ledger.snapshot().tokens <= budget
    assert calls >= (1 if budget >= 4000 else 0)


def test_a_batch_pool_never_exceeds_its_budget(tmp_path: Path) -> None:
    from kagent.batch.ledger import FilePool, KernelLedger

    budget = 7000
    pool = FilePool.create(tmp_path / "ledger.json", budget, None, ["a", "b", "c"], floor_tokens=300)
    model = _script(tmp_path)
    for kid in ("a", "b", "c"):
        _spend_until_refused(KernelLedger(pool, kid), model)
    st = pool.state()
    assert st.spent <= budget and st.overrun == 0 and st.calls >= 2


def test_the_first_call_to_an_unknown_tokenizer_reserves_the_byte_bound(tmp_path: Path) -> None:
    from kagent.tools.llm import prompt_ceiling, reserved_prompt_tokens

    msgs = _messages(0)
    ceiling = prompt_ceiling(msgs)
    assert ceiling >= sum(len(m["content"].encode()) for m in msgs)
    assert reserved_prompt_tokens(500, exact=False, ceiling=ceiling) == ceiling
    assert reserved_prompt_tokens(500, exact=False, ceiling=ceiling, ratio=3.0) == min(ceiling, 1650 + 16)
    assert reserved_prompt_tokens(500, exact=True, ceiling=ceiling) == 525 + 16
