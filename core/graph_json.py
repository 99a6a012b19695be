"""What core's backward graph JSON (``analysis["graph"]``) and the app both read, kept apart from the
analysis so that the app imports it without loading the analysis: the spacing of the layout, in
inches as Graphviz's dot is given it (:mod:`core.analysis.trace` lays the graph out with it; the window
keeps a leaf's ``grad:`` badge inside half the gap to its neighbours), and the chain of nn.Module calls
a node was made in (the graph's ``modules``: :mod:`core.analysis.folding`, the window's module boxes)."""

NODESEP, RANKSEP, HEIGHT = 0.35, 0.5, 0.6


def module_chain(mid, modules: dict) -> list:
    """Module call ``mid`` and the ids of the calls it runs in, innermost first (``modules``: the
    graph's ``modules`` by id; a call whose parent is missing ends the chain)."""
    chain = []
    while mid is not None and mid in modules and len(chain) <= len(modules):
        chain.append(mid)
        mid = modules[mid].get("parent")
    return chain
