# desc: calling a grad_fn directly: a built-in node on a gradient (a tuple per input, with a graph in grad mode), AccumulateGrad, a custom node's .apply running the program's backward, and the errors (argument count, a custom node called)
# features: grad_fn, custom-function, backward, error
import torch
x=torch.tensor([1.,2.],requires_grad=True); y=torch.tensor([3.,4.],requires_grad=True)
z=x*y
print(z.grad_fn(torch.ones(2)))
s=(x*2).sum()
print(s.grad_fn(torch.tensor(1.)))
class F(torch.autograd.Function):
    @staticmethod
    def forward(ctx, a, b):
        ctx.save_for_backward(a,b); return a*b
    @staticmethod
    def backward(ctx, g):
        a,b=ctx.saved_tensors; return g*b, g*a
w=F.apply(x,y)
print(w.grad_fn.apply(torch.ones(2)))
try: print(z.grad_fn(torch.ones(3)))
except Exception as e: print(type(e).__name__, e)
try: print(z.grad_fn())
except Exception as e: print(type(e).__name__, e)
try: print(z.grad_fn(torch.ones(2), torch.ones(2)))
except Exception as e: print(type(e).__name__, e)
try: print(z.grad_fn.apply)
except Exception as e: print(type(e).__name__, e)
acc=(x*1).grad_fn.next_functions[0][0]
print(acc(torch.ones(2)), x.grad)
with torch.no_grad(): print(z.grad_fn(torch.ones(2)))
z2=x.exp(); print(z2.grad_fn(torch.ones(2)))
u=torch.tensor(2.,requires_grad=True); v=(u*3); print(v.grad_fn(torch.tensor(1.)))
w.grad_fn(torch.ones(2))
