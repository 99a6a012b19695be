# desc: graph of neg, rsub, view, slicing, cat, expand, clone, mean (none saves tensors): second backward without retain_graph works
# features: retain_graph, saved-tensors, neg, rsub, view, cat, expand, clone, mean
import torch
x = torch.tensor([1., 2., 3., 4.], requires_grad=True)
y = torch.cat([-x, 2 - x.view(2, 2)[0]])
z = y.clone().unsqueeze(0).expand(2, 6)
out = z.mean()
out.backward()
print(x.grad)
out.backward()
print(x.grad, out.grad_fn.name())
