"""The shared pool of `kagent batch`: the allocation policy, and the never-exceed rule across
processes (real processes hammering one file-locked ledger)."""

from __future__ import annotations

import multiprocessing as mp

import pytest

from kagent.batch.ledger import FilePool, KernelLedger
from kagent.errors import BudgetExceeded


def _pool(tmp_path, budget=1000, n=4, caps=None):
    return FilePool.create(tmp_path / "ledger.json", budget, None, [f"k{i}" for i in range(n)], caps)


def test_first_grant_is_a_fair_share_and_unspent_returns(tmp_path):
    pool = _pool(tmp_path)  # 1000 tokens, 4 kernels: short of 4 x floor_tokens, so floors are an even split
    a = KernelLedger(pool, "k0")
    assert a.remaining_tokens() == 250  # 1000 - 3 floors of 250 kept back for the others
    adm = a.reserve(100, 500, min_answer_tokens=10)
    assert adm.max_tokens == 150  # shrunk to the grant
    a.charge(adm, 100, 20, None)
    st = pool.state()
    assert st.kernels["k0"].granted == 250 and st.kernels["k0"].spent == 120 and st.kernels["k0"].reserved == 0
    pool.finish("k0")
    st = pool.state()
    assert st.returned == 130 and st.unallocated() == 880
    b = KernelLedger(pool, "k1")
    assert b.remaining_tokens() == 880 - 2 * (880 // 3)  # the returned tokens raise the next share
    assert pool.state().first_grants == [250]


def test_kernels_that_never_call_draw_nothing(tmp_path):
    pool = _pool(tmp_path, n=3)
    for k in ("k0", "k1"):
        pool.finish(k)  # e.g. already correct / cheat: done without a call
    assert KernelLedger(pool, "k2").remaining_tokens() == 1000  # the near-miss kernel gets all of it


def test_kernels_known_not_to_call_hold_nothing_back(tmp_path):
    # offline kernels (at creation) and kernels triage routed away (mark_no_llm, while still running)
    pool = FilePool.create(tmp_path / "ledger.json", 10_000, None, ["nm", "off", "ok", "other"], no_llm={"off"})
    nm = KernelLedger(pool, "nm")
    assert nm.remaining_tokens() == 10_000 - 2 * 1024  # floors for "ok" and "other" only
    pool.mark_no_llm("ok")  # its triage said: already correct
    assert nm.remaining_tokens() == 10_000 - 1024
    # a kernel thought not to call that asks anyway is served (and counted from then on)
    adm = KernelLedger(pool, "ok").reserve(100, 100, 10)
    assert adm.max_tokens == 100 and pool.state().kernels["ok"].state == "granted"


def _nearmiss_call(ledger):
    """One debug call as kagent.tools.llm makes it: an 1,800-token prompt, answer limit 4096, minimum 256."""
    return ledger.reserve(1800, 4096, min_answer_tokens=256)


def test_thirty_kernels_fifty_thousand_tokens_near_miss_kernels_get_their_calls(tmp_path):
    """The audit's case: 30 kernels, 50,000 tokens, near-miss kernels start first (priority). Under
    the old policy the first one got 50,000/30 = 1,666 tokens and its first 1,800-token prompt was
    refused with 48,334 unallocated; a refusal ends the kernel."""
    near = [f"nm{i}" for i in range(10)]
    others = [f"ok{i}" for i in range(20)]  # correct / cheat / crash: they never call
    pool = FilePool.create(tmp_path / "ledger.json", 50_000, None, near + others)
    admitted: dict[str, int] = {}
    refused: dict[str, str] = {}
    for pair in (near[0:2], near[2:4]):  # --jobs 2, in start order
        ledgers = {kid: KernelLedger(pool, kid) for kid in pair}
        for _round in range(3):  # the repair guards stop a kernel after a few answers (stall)
            for kid, led in ledgers.items():
                if kid in refused:
                    continue
                try:
                    adm = _nearmiss_call(led)
                except BudgetExceeded as exc:
                    refused[kid] = str(exc)
                    continue
                admitted[kid] = admitted.get(kid, 0) + 1
                assert adm.prompt_tokens == 1800 and adm.max_tokens >= 256
                st = pool.state()
                assert st.spent + st.reserved <= 50_000
                led.charge(adm, 1800, 700, None)
        for kid in pair:
            pool.finish(kid)  # stalled: the guards end it, its unspent grant goes back
    assert admitted["nm0"] == admitted["nm1"] == 3, refused
    assert admitted.get("nm2", 0) >= 1 and admitted.get("nm3", 0) >= 1, refused
    st = pool.state()
    assert st.first_grants[0] == 50_000 // 30  # still a fair share to start with
    assert st.top_ups > 0  # calls beyond the fair share were admitted (the grant grew, then shrank back)
    # the floors of the kernels that may still call were never touched
    assert st.unallocated() >= 26 * 1024 or st.unallocated() >= 26 * (st.unallocated() // 27)
    for kid in others:  # they finish without calling: the whole rest is free for the last near-miss kernels
        pool.mark_no_llm(kid)
        pool.finish(kid)
    last = KernelLedger(pool, "nm9")
    st = pool.state()
    assert last.remaining_tokens() == st.token_budget - st.spent - 5 * 1024  # floors for nm4..nm8 only
    assert st.spent <= 50_000 and st.reserved == 0 and st.overrun == 0


def test_floors_are_kept_and_a_stalled_kernel_hands_back(tmp_path):
    pool = FilePool.create(tmp_path / "ledger.json", 6000, None, ["a", "b", "c"], floor_tokens=1000)
    a = KernelLedger(pool, "a")
    assert a.remaining_tokens() == 4000  # 6000 - 2 floors of 1000
    adm = a.reserve(1500, 4000, 50)
    assert adm.max_tokens == 2500  # beyond its fair share (2000), up to the floors
    a.charge(adm, 1500, 300, None)
    st = pool.state()
    assert st.kernels["a"].granted == 2000 and st.kernels["a"].spent == 1800  # shrunk back after the charge
    assert st.top_ups == 1
    adm = a.reserve(1500, 4000, 50)
    a.charge(adm, 1500, 700, None)  # a has spent 4000: only the floors are left
    with pytest.raises(BudgetExceeded, match="kept back as floors for 2 kernels"):
        a.reserve(1500, 4000, 50)
    assert KernelLedger(pool, "b").remaining_tokens() == 1000  # b's floor is there
    pool.finish("c")  # c ended without a call: its floor is free again
    assert a.remaining_tokens() == 1000
    pool.finish("a")  # a stalls: what it did not spend goes back
    assert pool.state().returned == 0  # (it had spent all it was granted)
    b = KernelLedger(pool, "b")
    adm = b.reserve(100, 4000, 50)
    assert adm.max_tokens == 1900  # all that is left: 6000 - 4000
    b.release(adm)
    assert pool.state().kernels["b"].granted == 2000 and pool.state().kernels["b"].reserved == 0
    b.charge(b.reserve(100, 100, 50), 100, 50, None)
    pool.finish("b")  # b ends having spent 150 of its 2000: the rest returns
    assert pool.state().returned == 1850 and pool.state().unallocated() == 1850


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
    assert answers and st.spent == sum(a.usage.tokens for a in answers)
    assert st.kernels["a"].spent <= st.kernels["a"].granted <= 900 and st.reserved == 0


PRICES = (1e-5, 3e-5)  # dollars per prompt / completion token


def test_cost_budget_reserves_dollars_per_call(tmp_path):
    """Two calls in flight at once cannot overshoot the dollar budget: each reserves its worst cost."""
    pool = FilePool.create(tmp_path / "ledger.json", 1_000_000, 0.05, ["a", "b"])
    a, b = KernelLedger(pool, "a", prices=PRICES), KernelLedger(pool, "b", prices=PRICES)
    adm_a = a.reserve(1000, 1000, 50)  # $0.01 + $0.03 = $0.04 reserved
    assert adm_a.max_tokens == 1000 and adm_a.cost_usd == pytest.approx(0.04)
    with pytest.raises(BudgetExceeded, match=r"may cost \$0.0115; the batch has \$0.0100 left"):
        b.reserve(1000, 1000, 50)  # $0.01 left: the prompt alone costs that
    adm_b = b.reserve(200, 1000, 50)  # $0.002 + the answer shrunk to what $0.008 buys
    assert adm_b.max_tokens == 266 and adm_b.cost_usd <= 0.01 + 1e-12
    a.charge(adm_a, 1000, 1000, 0.04)  # the worst case, billed in full
    b.charge(adm_b, 200, 266, 0.002 + 266 * 3e-5)
    st = pool.state()
    assert st.cost_usd <= 0.05 + 1e-9 and st.cost_overrun_usd == 0 and st.reserved_cost == 0
    with pytest.raises(BudgetExceeded):
        a.reserve(10, 100, 50)
    # an answer the provider did not price: the reserved bound is booked, never nothing
    pool2 = FilePool.create(tmp_path / "l2.json", 1_000_000, 1.0, ["x"])
    x = KernelLedger(pool2, "x", prices=PRICES)
    x.charge(x.reserve(100, 100, 10), 100, 20, None)
    st = pool2.state()
    assert st.cost_usd == pytest.approx(100 * 1e-5 + 100 * 3e-5) and not st.cost_known


def test_plain_ledger_reserves_dollars_too():
    from kagent.budget import Ledger

    led = Ledger(cost_budget_usd=0.05, prices=PRICES)
    adm = led.reserve(1000, 1000, 50)  # $0.04 reserved
    with pytest.raises(BudgetExceeded, match="more than the"):
        led.reserve(1000, 1000, 50)
    led.charge(adm, 1000, 100, 0.013)
    assert led.reserve(1000, 2000, 50).max_tokens == 900  # $0.037 left: $0.01 prompt + 900 x $0.00003


def test_model_prices_from_litellms_table():
    from kagent.batch.ledger import model_prices

    pin, pout = model_prices("gpt-4o")
    assert 0 < pin < pout < 1e-3
    assert model_prices("offline") == (0.0, 0.0)
    assert model_prices("script:answers.yaml") is None
    assert model_prices("no-such-provider/no-such-model-xyz") is None


def test_calls_in_flight_of_killed_workers_are_charged(tmp_path):
    pool = _pool(tmp_path, budget=10_000, n=2)
    KernelLedger(pool, "k0").reserve(500, 700, 50)  # ... and the worker is killed mid-call
    assert pool.finish("k0") == 1200
    st = pool.state()
    assert st.spent == 1200 and st.in_flight_tokens == 1200 and st.reserved == 0
    assert st.kernels["k0"].spent == 1200 and st.kernels["k0"].in_flight == 1200
    assert pool.finish("k0") == 0 and pool.state().spent == 1200  # idempotent
    # the coordinator itself was killed: the rerun charges what the dead workers held
    KernelLedger(pool, "k1").reserve(300, 100, 50)
    assert FilePool(pool.path).charge_open_reservations() == 400
    st = pool.state()
    assert st.spent == 1600 and st.kernels["k1"].spent == 400 and st.reserved == 0
