"""The shared pool of `kagent batch`: the allocation policy, and the never-exceed rule across
processes (real processes hammering one file-locked ledger)."""

from __future__ import annotations

import multiprocessing as mp

import pytest

from kagent.batch_ledger import FilePool, KernelLedger
from kagent.errors import BudgetExceeded


def _pool(tmp_path, budget=1000, n=4, caps=None):
    return FilePool.create(tmp_path / "ledger.json", budget, None, [f"k{i}" for i in range(n)], caps)


def test_first_grant_is_a_fair_share_and_unspent_returns(tmp_path):
    pool = _pool(tmp_path)
    a = KernelLedger(pool, "k0")
    assert a.remaining_tokens() == 250  # what it would draw: 1000 / 4 waiting
    adm = a.reserve(100, 500, min_answer_tokens=10)
    assert adm.max_tokens == 150  # shrunk to the grant
    a.charge(adm, 100, 20, None)
    st = pool.state()
    assert st.kernels["k0"].granted == 250 and st.kernels["k0"].spent == 120 and st.kernels["k0"].reserved == 0
    pool.finish("k0")
    st = pool.state()
    assert st.returned == 130 and st.unallocated() == 880
    b = KernelLedger(pool, "k1")
    assert b.remaining_tokens() == 880 // 3  # the returned tokens raise the next fair share
    assert pool.state().first_grants == [250]


def test_kernels_that_never_call_draw_nothing(tmp_path):
    pool = _pool(tmp_path, n=3)
    for k in ("k0", "k1"):
        pool.finish(k)  # e.g. already correct / cheat: done without a call
    assert KernelLedger(pool, "k2").remaining_tokens() == 1000  # the near-miss kernel gets all of it


def test_top_up_holds_a_share_back_for_waiting_kernels(tmp_path):
    pool = _pool(tmp_path, budget=1200, n=3)  # starting share 400
    a = KernelLedger(pool, "k0")
    a.charge(a.reserve(100, 300, 50), 100, 300, None)  # grant 1200 / 3 = 400, all spent
    with pytest.raises(BudgetExceeded):  # 800 unallocated, all held back for the two waiting kernels
        a.reserve(100, 300, 50)
    pool.finish("k2")  # e.g. already correct: it never drew
    adm = a.reserve(100, 300, 50)  # top-up: 800 - 1 x 400 held back for k1
    assert pool.state().kernels["k0"].granted == 800 and pool.state().top_ups == 1
    a.charge(adm, 100, 300, None)
    with pytest.raises(BudgetExceeded):  # no more: k1's starting share stays
        a.reserve(100, 300, 50)
    assert KernelLedger(pool, "k1").remaining_tokens() == 400


def test_refusal_cap_and_cost(tmp_path):
    pool = _pool(tmp_path, budget=300, n=1, caps={"k0": 200})
    a = KernelLedger(pool, "k0")
    adm = a.reserve(100, 1000, 50)
    assert adm.max_tokens == 100  # capped at 200
    with pytest.raises(BudgetExceeded, match="exceeds kernel k0"):
        a.reserve(60, 100, 50)
    assert pool.state().refusals == 1
    pool.finish("k0")  # a finished (or killed) kernel's reservations are dropped
    assert pool.state().reserved == 0
    costly = FilePool.create(tmp_path / "c.json", 10_000, 0.01, ["x"])
    c = KernelLedger(costly, "x")
    c.charge(c.reserve(10, 10, 1), 10, 10, 0.02)
    assert c.cost_exhausted()
    with pytest.raises(BudgetExceeded, match="cost budget"):
        c.reserve(10, 10, 1)


def _hammer(path: str, kid: str, out) -> None:
    pool = FilePool(path)
    ledger = KernelLedger(pool, kid)
    n = 0
    while True:
        try:
            adm = ledger.reserve(37, 120, min_answer_tokens=20)
        except BudgetExceeded:
            break
        ledger.charge(adm, 37, min(90, adm.max_tokens), 0.0)
        n += 1
    out.put((kid, n, ledger.snapshot().tokens))


def test_never_exceeded_by_concurrent_processes(tmp_path):
    kids = [f"k{i}" for i in range(6)]
    pool = FilePool.create(tmp_path / "ledger.json", 5000, None, kids)
    ctx = mp.get_context("spawn")
    q = ctx.Queue()
    procs = [ctx.Process(target=_hammer, args=(str(pool.path), k, q)) for k in kids]
    for p in procs:
        p.start()
    got = [q.get(timeout=120) for _ in kids]
    for p in procs:
        p.join(timeout=60)
        assert p.exitcode == 0
    st = pool.state()
    assert st.spent <= 5000 and st.overrun == 0 and st.reserved == 0
    assert st.spent == sum(t for _, _, t in got) == sum(k.spent for k in st.kernels.values())
    assert st.calls == sum(n for _, n, _ in got) > 20
    assert 5000 - st.spent < 6 * (37 + 20)  # what is left cannot fit any kernel's next call


def test_a_real_llm_call_under_a_kernel_ledger(tmp_path):
    """kagent.tools.llm.complete (scripted provider: offline, real token counts) charges the pool."""
    import yaml

    from kagent.tools.llm import complete

    script = tmp_path / "s.yaml"
    script.write_text(yaml.safe_dump(["a fix " * 40] * 20))
    pool = FilePool.create(tmp_path / "ledger.json", 900, None, ["a", "b"])
    ledger = KernelLedger(pool, "a")
    msgs = [{"role": "user", "content": "repair this kernel please " * 10}]
    answers = []
    with pytest.raises(BudgetExceeded):
        for i in range(20):
            answers.append(complete(msgs, model=f"script:{script}", ledger=ledger, max_tokens=100,
                                    min_answer_tokens=20, request_index=i))
    st = pool.state()
    assert answers and st.spent == sum(a.prompt_tokens + a.completion_tokens for a in answers)
    assert st.kernels["a"].spent <= st.kernels["a"].granted <= 900 and st.reserved == 0
