"""The repair graph: every node and every edge, in one place.

    ingest -> static_anticheat -> verify -> triage --pass/cheat/far-miss--> report -> learn
                                    ^          |--near-miss--> retrieve -> gate -> debug -> guard
                                    |                                       ^        |        |
                                    |                                       +--------+        |
                                    +-------------------------------- verify <----------------+
                                 verify (candidate n > 0) -> assess -> retrieve | gate | report
    triage -> report also for "unsupported": offline, and no pattern with a mechanical fix for the backend
    verify -> report: the run's wall time was spent before the verify could start

Nodes (kagent.repair.nodes) set `route`; the conditional edges below are the only place that
turns a route into a transition. Stop guards route to report; gate guards budgets before every
debug call; assess applies regression/degeneration/stall after every verify.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from kagent.repair import nodes
from kagent.repair.nodes import RepairContext
from kagent.repair.state import RepairState

NodeFn = Callable[[RepairState, RepairContext], dict[str, Any]]

NODES: dict[str, NodeFn] = {
    "ingest": nodes.ingest,
    "static_anticheat": nodes.static_anticheat,
    "verify": nodes.verify,
    "triage": nodes.triage,
    "retrieve": nodes.retrieve,
    "gate": nodes.gate,
    "debug": nodes.debug,
    "guard": nodes.guard,
    "assess": nodes.assess,
    "report": nodes.report,
    "learn": nodes.learn,
}

# node -> the routes it may take (conditional edges); plain edges are listed in build()
ROUTES: dict[str, tuple[str, ...]] = {
    "ingest": ("static_anticheat",),
    "static_anticheat": ("verify", "report"),
    "verify": ("triage", "assess", "report"),
    "triage": ("retrieve", "report"),
    "gate": ("debug", "report"),
    "debug": ("guard", "gate", "report"),
    "guard": ("verify", "gate", "report"),
    "assess": ("retrieve", "gate", "report"),
}


def _timed(name: str, fn: NodeFn) -> Callable[..., dict[str, Any]]:
    from langgraph.runtime import Runtime

    def node(state: RepairState, runtime: Runtime[RepairContext]) -> dict[str, Any]:
        ctx = runtime.context
        t0 = ctx.clock()
        update = fn(state, ctx)
        update["elapsed_s"] = state.elapsed_s + (ctx.clock() - t0)
        return update

    node.__name__ = name
    return node


def _router(node: str) -> Callable[[RepairState], str]:
    allowed = ROUTES[node]

    def route(state: RepairState) -> str:
        if state.route not in allowed:
            raise RuntimeError(f"node {node} set route {state.route!r}; allowed: {allowed}")
        return state.route

    return route


def build(checkpointer: Any = None) -> Any:
    """The compiled repair graph (optionally with a checkpointer for resume)."""
    from langgraph.graph import END, START, StateGraph

    g = StateGraph(RepairState, context_schema=RepairContext)
    for name, fn in NODES.items():
        g.add_node(name, _timed(name, fn))
    g.add_edge(START, "ingest")
    for node, targets in ROUTES.items():
        if len(targets) == 1:
            g.add_edge(node, targets[0])
        else:
            g.add_conditional_edges(node, _router(node), {t: t for t in targets})
    g.add_edge("retrieve", "gate")
    g.add_edge("report", "learn")
    g.add_edge("learn", END)
    return g.compile(checkpointer=checkpointer)
