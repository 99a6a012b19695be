# desc: torch.tensor([1., 3., 3.]).max() with a tie: how the full-reduction max backward distributes the gradient between the tied elements
# features: max, ties, 0-dim, jacobian
import torch
x = torch.tensor([1., 3., 3.], requires_grad=True)
out = x.max()
print(out, out.grad_fn.name())
out.backward()
print(x.grad)
