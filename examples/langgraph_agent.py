"""A tiny LangGraph agent that adds kagent as a node and as a tool (runs offline).

    python examples/langgraph_agent.py [--model offline] [--quick]

The graph: `propose` writes the agent's kernel (here a fixed Triton softmax with the classic
other=0.0 bug in its max-reduction, as an LLM might write it) -> `verify` (kagent as a node) ->
on failure the `agent` asks for the `repair_kernel` tool (kagent as a LangChain tool, run by
LangGraph's ToolNode) -> `adopt` takes the repaired file -> `verify` again -> END.
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
from pathlib import Path
from typing import Annotated, Any, TypedDict

from langchain_core.messages import AIMessage, AnyMessage
from langgraph.graph import END, START, StateGraph
from langgraph.graph.message import add_messages
from langgraph.prebuilt import ToolNode

from kagent.config import VerifyConfig
from kagent.adapters.langchain_tool import kagent_tools, verify_node

HERE = Path(__file__).resolve().parent
PROBLEM = HERE.parent / "kagent" / "examples" / "softmax_problem.py"

PROPOSAL = '''import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def softmax_kernel(out_ptr, in_ptr, n_cols, in_stride, out_stride, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    cols = tl.arange(0, BLOCK)
    mask = cols < n_cols
    x = tl.load(in_ptr + row * in_stride + cols, mask=mask, other=0.0)
    x = x - tl.max(x, axis=0)
    num = tl.exp(x)
    den = tl.sum(num, axis=0)
    tl.store(out_ptr + row * out_stride + cols, num / den, mask=mask)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        n_rows, n_cols = x.shape
        out = torch.empty_like(x)
        BLOCK = triton.next_power_of_2(n_cols)
        softmax_kernel[(n_rows,)](out, x, n_cols, x.stride(0), out.stride(0), BLOCK=BLOCK)
        return out
'''


class State(TypedDict, total=False):
    candidate: str
    reference: str
    verify_report: Any
    repairs: int
    messages: Annotated[list[AnyMessage], add_messages]


def build(workdir: Path, model: str, verify_config: VerifyConfig | None, token_budget: int = 20_000) -> Any:
    tools = kagent_tools(["repair_kernel"])

    def propose(state: State) -> State:
        path = workdir / "proposal.py"
        path.write_text(PROPOSAL)
        return {"candidate": str(path), "reference": str(PROBLEM), "repairs": 0}

    def agent(state: State) -> State:
        """Stands in for the agent's LLM: on a failed verify, it calls kagent's repair tool."""
        report = state["verify_report"]
        args = {"candidate": state["candidate"], "reference": state["reference"], "token_budget": token_budget,
                "model": model, "runs_dir": str(workdir / "runs"),
                "verify": verify_config.model_dump() if verify_config else None}
        call = {"name": "repair_kernel", "args": args, "id": f"repair-{state['repairs'] + 1}", "type": "tool_call"}
        return {"messages": [AIMessage(content=f"verify said {report.summary}; asking kagent to repair", tool_calls=[call])],
                "repairs": state["repairs"] + 1}

    def adopt(state: State) -> State:
        summary = state["messages"][-1].artifact  # the RepairSummary (content_and_artifact)
        return {"candidate": summary.repaired_path} if summary.repaired_path else {}

    def after_verify(state: State) -> str:
        if state["verify_report"].verdict == "pass" or state["repairs"] >= 1:
            return END
        return "agent"

    def after_adopt(state: State) -> str:
        return "verify" if state["messages"][-1].artifact.repaired_path else END

    g = StateGraph(State)
    g.add_node("propose", propose)
    g.add_node("verify", verify_node(verify_config))
    g.add_node("agent", agent)
    g.add_node("tools", ToolNode(tools))
    g.add_node("adopt", adopt)
    g.add_edge(START, "propose")
    g.add_edge("propose", "verify")
    g.add_conditional_edges("verify", after_verify, ["agent", END])
    g.add_edge("agent", "tools")
    g.add_edge("tools", "adopt")
    g.add_conditional_edges("adopt", after_adopt, ["verify", END])
    return g.compile()


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--model", default="offline", help="repair model (default: kagent's offline pattern engine)")
    ap.add_argument("--quick", action="store_true", help="a small verify suite (CPU demo)")
    ap.add_argument("--workdir", type=Path, default=None)
    a = ap.parse_args(argv)
    vcfg = VerifyConfig(device="cpu", seeds=1, stress=False, max_shape_cases=1) if a.quick else None
    workdir = a.workdir or Path(tempfile.mkdtemp(prefix="kagent-langgraph-"))
    final = build(workdir, a.model, vcfg).invoke({})
    report = final["verify_report"]
    tool_msgs = [m for m in final["messages"] if m.type == "tool"]
    print(json.dumps({
        "final_verdict": report.verdict,
        "final_candidate": final["candidate"],
        "repair_calls": len(tool_msgs),
        "tool_answer": tool_msgs[-1].content if tool_msgs else None,
    }, indent=2))
    return 0 if report.verdict == "pass" else 1


if __name__ == "__main__":
    sys.exit(main())
