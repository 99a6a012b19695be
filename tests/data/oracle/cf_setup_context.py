# desc: a custom Function in PyTorch 2's setup_context style: forward without ctx, setup_context(ctx, inputs, output) saving the output and a non-tensor input, both under no_grad
# features: custom-function, setup_context, backward
import torch

class MyExp(torch.autograd.Function):
    @staticmethod
    def forward(x):
        print("forward grad enabled:", torch.is_grad_enabled())
        return x.exp()

    @staticmethod
    def setup_context(ctx, inputs, output):
        print("setup_context grad enabled:", torch.is_grad_enabled(), type(inputs).__name__, len(inputs))
        ctx.save_for_backward(output)

    @staticmethod
    def backward(ctx, g):
        y, = ctx.saved_tensors
        return g * y


class Scale(torch.autograd.Function):
    @staticmethod
    def forward(x, k):
        return x * k

    @staticmethod
    def setup_context(ctx, inputs, output):
        _, ctx.k = inputs

    @staticmethod
    def backward(ctx, g):
        return g * ctx.k, None


x = torch.tensor([0.5, 1.0], requires_grad=True)
y = MyExp.apply(x)
print(y)
z = Scale.apply(y, 3.0).sum()
z.backward()
print(x.grad)
print(y.grad_fn.name(), z.grad_fn.next_functions[0][0].name())
