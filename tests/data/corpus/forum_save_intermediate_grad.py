# Source: PyTorch Forums, "Save the gradient of the intermediate tensor" (https://discuss.pytorch.org/t/save-the-gradient-of-the-intermediate-tensor/190094), the question's demo
# Changes: the forum page lost the code's indentation; it is restored (4 spaces per level), nothing else changed
import torch
import gc
a = []
class Exp(torch.autograd.Function):
    @staticmethod
    def forward(ctx, i):
        result = torch.exp(i)
        ctx.save_for_backward(result)
        return result
    @staticmethod
    def backward(ctx, grad_output):
        result, = ctx.saved_tensors
        a.append(grad_output.detach())
        return grad_output * result
exp = Exp()
x = torch.tensor([3., 4.], requires_grad=True)
y = exp.apply(x)
y.sum().backward()
gc.collect()
torch.cuda.empty_cache()
print(a)
