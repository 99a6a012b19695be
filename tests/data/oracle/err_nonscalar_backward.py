# desc: out = x*2 (2 elements); out.backward() without gradient -> RuntimeError (grad can be implicitly created only for scalar outputs)
# features: backward, non-scalar, error
import torch
x = torch.tensor([1., 2.], requires_grad=True)
out = x * 2
out.backward()
print(x.grad)
