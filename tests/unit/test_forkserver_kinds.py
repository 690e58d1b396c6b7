"""The fork servers kept per process (tools/forkserver.py): one per kind of worker, and enough of
them for every kind a repair uses (the harness, the plain-script harness, the compile check, the
repair search's screen worker), so that a repair's steps do not evict each other's servers: a server
start is ~3 s of a 2-core machine, and with too few kept every repair paid three of them."""

from __future__ import annotations

from kagent.tools import forkserver
from kagent.tools.sandbox import SandboxSpec


class _FakeServer:
    started: list[tuple] = []

    def __init__(self, flags, module, env, spec):
        self.error, self.disabled = None, False
        _FakeServer.started.append((tuple(flags) if flags else None, module))

    def alive(self) -> bool:
        return True

    def close(self) -> None:
        pass

    def job(self, argv, job_argv, env, memory_limit_mb, spec):
        return ("job", argv[-1])


def test_a_repairs_worker_kinds_keep_their_servers(monkeypatch):
    monkeypatch.setattr(forkserver, "ForkServer", _FakeServer)
    monkeypatch.setattr(forkserver, "_servers", {})
    monkeypatch.setattr(forkserver, "enabled", lambda: True)
    _FakeServer.started = []
    spec, env = SandboxSpec(device="cpu"), {"A": "1"}
    flags = ["python", "-P", "-X", "faulthandler", "-m"]
    kinds = [[*flags, "kagent.verifiers.harness"], [*flags, "kagent.verifiers.screen_worker"],
             [*flags, "kagent.verifiers.compile_check"], ["python", "/tmp/run-x/main.py"]]
    for _ in range(3):  # three repairs, each using every kind in turn
        for argv in kinds:
            assert forkserver.forked(argv, env, None, spec) is not None
    assert len(_FakeServer.started) == len(kinds), _FakeServer.started
