# desc: integer floor division, remainder, fmod and trunc division by zero raise PyTorch's RuntimeError: ZeroDivisionError (tensor and Python divisors, in place too); floats give inf and nan; an empty tensor raises nothing
# features: floor_divide, remainder, fmod, div-rounding-mode, integer, error
import torch
a = torch.tensor([5, 3])
b = torch.tensor([0, 1])
calls = [lambda: a // b, lambda: a % b, lambda: a // 0, lambda: a % 0, lambda: torch.fmod(a, 0),
         lambda: torch.remainder(a, b), lambda: torch.floor_divide(a, 0), lambda: 10 // b, lambda: 10 % b,
         lambda: torch.div(a, b, rounding_mode='floor'), lambda: torch.div(a, 0, rounding_mode='trunc'),
         lambda: a.clone().floor_divide_(0), lambda: a.clone().remainder_(b), lambda: a.clone().fmod_(0),
         lambda: a.to(torch.uint8) // 0, lambda: a // False, lambda: a.bool() // b.bool(),
         lambda: a.div(b, rounding_mode='round')]
for f in calls:
    try:
        print(f())
    except Exception as e:
        print(type(e).__name__, e)
print(a // 0.0, a % 0.0, a.float() // 0, a.float() % 0, torch.fmod(a.float(), 0))
print(torch.empty(0, dtype=torch.long) // 0, a // True)
print(torch.tensor([-7, 7]) // 2, torch.tensor([-7, 7]) % 3, torch.fmod(torch.tensor([-7, 7]), 3))
print(torch.div(torch.tensor([-7, 7]), 2, rounding_mode='trunc'), torch.tensor([-7.5, 7.0]) % -2)
x = torch.tensor([1.5, -2.5], requires_grad=True)
y = torch.tensor([0.7, 0.9], requires_grad=True)
out = (x % y).sum() + torch.fmod(x, y).sum() + (x % 2).sum() + x.fmod(0.5).sum()
