"""What the graph shows after step ``k`` of the backward trace (pure Python, no Qt).

The trace lists the engine's steps in execution order; each step's ``grads_out``
names the node each gradient went to.  :class:`BackwardReplay` ties every sent
gradient to the edge that carried it, so the view can ask, for any step, which
node is current, which edges have carried what, and what each leaf's ``.grad`` holds.

A large graph comes folded (core.analysis.folding): a fold node lists the ids of the nodes it
hides (``folded``).  A step whose node is hidden is shown on its fold node, and a gradient sent
to a hidden node on the edge to that fold node; gradients sent inside a fold node are on no edge.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from desktop.view_model import value_or_summary as _value


@dataclass
class StepState:
    """The graph's state once the steps ``0..index`` have run (``index`` -1: none has)."""

    index: int
    current: str | None = None                        # node id of step ``index``
    visited: set = field(default_factory=set)         # node ids of steps before ``index``
    edge_grads: dict = field(default_factory=dict)    # edge index -> gradient it carried
    active_edges: set = field(default_factory=set)    # edges the current step sent along
    leaf_grads: dict = field(default_factory=dict)    # leaf node id -> its .grad (None: None)
    fresh_leaves: set = field(default_factory=set)    # leaves whose .grad the current step wrote


class BackwardReplay:
    """A graph (core's ``analysis["graph"]``) and a trace (``analysis["trace"]``) together."""

    def __init__(self, graph: dict, trace: list):
        self.graph = graph or {"nodes": [], "edges": []}
        self.trace = list(trace or [])
        self.owner = {hidden: node["id"] for node in self.graph.get("nodes", [])
                      for hidden in node.get("folded") or []}   # a hidden node's id -> its fold node's
        self.edge_for = self._match_edges()
        self._leaf_steps = {}
        for position, step in enumerate(self.trace):
            if step.get("grad_fn") == "AccumulateGrad":
                self._leaf_steps.setdefault(self.shown(step.get("node")), []).append((position, step))

    def shown(self, node_id):
        """The id of the node the graph shows for ``node_id``: its fold node's when one hides it."""
        return self.owner.get(node_id, node_id)

    def _match_edges(self) -> dict:
        """(position of the step in the trace, position in its grads_out) -> edge index.

        A gradient sent between two nodes the graph shows goes along the edge of its input: core says
        which (``input_index``, the edge's ``input``; ``y * y`` has two edges to one node).  Into, out
        of or inside a fold node, or from a trace without input indices, the k-th gradient sent to a
        node goes along the k-th edge to it, in input order.
        """
        by_pair, by_input = {}, {}
        edges = self.graph.get("edges", [])
        for i, edge in sorted(enumerate(edges), key=lambda item: (_input_order(item[1]), item[0])):
            by_pair.setdefault((edge["source"], edge["target"]), []).append(i)
            by_input.setdefault((edge["source"], edge["target"], edge.get("input")), i)
        matched = {}
        for position, step in enumerate(self.trace):
            used = {}
            for j, sent in enumerate(step.get("grads_out") or []):
                exact = by_input.get((step.get("node"), sent.get("to"), sent.get("input_index")))
                if exact is not None and sent.get("input_index") is not None:
                    matched[(position, j)] = exact
                    continue
                pair = (self.shown(step.get("node")), self.shown(sent.get("to")))
                k = used.get(pair, 0)
                candidates = by_pair.get(pair, [])
                if k < len(candidates):
                    matched[(position, j)] = candidates[k]
                elif candidates and pair != (step.get("node"), sent.get("to")):
                    matched[(position, j)] = candidates[-1]   # a fold node's edges stand for several
                used[pair] = k + 1
        return matched

    def __len__(self) -> int:
        return len(self.trace)

    def state(self, index: int) -> StepState:
        """The state after step ``index`` (clamped to -1 .. len - 1)."""
        index = max(-1, min(index, len(self.trace) - 1))
        state = StepState(index)
        for position, step in enumerate(self.trace[:index + 1]):
            is_current = position == index
            if is_current:
                state.current = self.shown(step.get("node"))
            else:
                state.visited.add(self.shown(step.get("node")))
            for j, sent in enumerate(step.get("grads_out") or []):
                edge = self.edge_for.get((position, j))
                if edge is None:
                    continue
                state.edge_grads[edge] = _value(sent, "grad")
                if is_current:
                    state.active_edges.add(edge)
        for leaf, steps in self._leaf_steps.items():
            reached = [(position, step) for position, step in steps if position <= index]
            if reached:
                position, step = reached[-1]
                state.leaf_grads[leaf] = _value(step, "grad_after")
                if position == index:
                    state.fresh_leaves.add(leaf)
            else:   # .grad as it was before this backward (None unless accumulated earlier)
                state.leaf_grads[leaf] = _value(steps[0][1], "grad_before")
        return state

    def final_edge_grads(self) -> dict:
        """Every edge that carries a gradient in the whole pass -> that gradient."""
        return self.state(len(self.trace) - 1).edge_grads if self.trace else {}


def _input_order(edge: dict):
    value = edge.get("input")
    return value if isinstance(value, int) else 0
