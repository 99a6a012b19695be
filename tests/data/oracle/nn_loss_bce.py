# desc: the official autograd tutorial: z = x @ w + b, binary_cross_entropy_with_logits(z, y) (BinaryCrossEntropyWithLogitsBackward0), f-string of grad_fn, w.grad and b.grad; then BCE on sigmoid with weight, BCE with logits with pos_weight and weight
# features: nn.functional, binary_cross_entropy_with_logits, binary_cross_entropy, pos_weight, weight, manual_seed, tutorial
import torch
import torch.nn.functional as F
torch.manual_seed(0)
x = torch.ones(5)  # input tensor
y = torch.zeros(3)  # expected output
w = torch.randn(5, 3, requires_grad=True)
b = torch.randn(3, requires_grad=True)
z = torch.matmul(x, w)+b
loss = torch.nn.functional.binary_cross_entropy_with_logits(z, y)
print(f"Gradient function for z = {z.grad_fn.name()}")
print(f"Gradient function for loss = {loss.grad_fn.name()}")
loss.backward()
print(w.grad)
print(b.grad)
logits = torch.tensor([[0.8, -1.2, 2.5], [-0.3, 0.0, 1.1]], requires_grad=True)
labels = torch.tensor([[1.0, 0.0, 1.0], [0.0, 1.0, 0.0]])
p = torch.sigmoid(logits)
bce = F.binary_cross_entropy(p, labels, weight=torch.tensor([1.0, 2.0, 0.5]))
print(bce, bce.grad_fn.name())
bcel = F.binary_cross_entropy_with_logits(logits, labels, pos_weight=torch.tensor([3.0, 1.0, 0.5]),
                                          weight=torch.tensor([[1.0], [2.0]]), reduction="sum")
print(bcel)
print(F.binary_cross_entropy_with_logits(logits, labels, reduction="none"))
(bce + bcel).backward()
print(logits.grad)
