"""The backward engine: runs the grad_fn nodes' vjps in PyTorch's order."""
