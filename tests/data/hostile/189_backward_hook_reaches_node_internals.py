# expect: raised
# why: a deprecated module backward hook becomes a hook of a node; the node's hook table stays out of reach
import torch
import torch.nn as nn
lin = nn.Linear(2, 2)
out_nodes = []


def spy(module, grad_input, grad_output):
    node = out_nodes[0]
    for hook in node._post_hooks.values():
        hook.func(module, grad_input, grad_output)


lin.register_backward_hook(spy)
out = lin(torch.ones(1, 2, requires_grad=True))
out_nodes.append(out.grad_fn)
out.sum().backward()
