"""The computational graph as core laid it out: node and edge items, and the view."""
