"""The spacing of the backward graph's layout, in inches as Graphviz's dot is given it
(:mod:`core.analysis.trace` lays the graph out with it; the window keeps a leaf's ``grad:`` badge
inside half the gap to its neighbours).  A module of its own: the app imports it without loading
the analysis."""

NODESEP, RANKSEP, HEIGHT = 0.35, 0.5, 0.6
