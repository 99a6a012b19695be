# desc: Python ints beyond int64 (or a dtype's range) raise PyTorch's errors: ValueError 'Overflow when unpacking long long' in torch.tensor and indexing, OverflowError 'int too big to convert' for a number operand, RuntimeError 'value cannot be converted to type ... without overflow' where a value is written; ints into a narrower integer result wrap
# features: tensor, full, fill_, overflow, dtype-int64, dtype-uint8, error
import torch
x = torch.ones(2)
L = torch.ones(2, dtype=torch.long)
calls = [lambda: torch.tensor([10 ** 30]), lambda: torch.tensor(10 ** 30), lambda: torch.tensor([2 ** 63]),
         lambda: torch.tensor([1, 2 ** 64]), lambda: torch.tensor([10 ** 400]), lambda: torch.tensor([1.0, 10 ** 400]),
         lambda: torch.tensor(10 ** 400, dtype=torch.float32), lambda: torch.tensor([300], dtype=torch.uint8),
         lambda: torch.tensor([2 ** 40], dtype=torch.int32), lambda: torch.tensor([1e39], dtype=torch.int64),
         lambda: torch.full((2,), 10 ** 30), lambda: torch.full((2,), 2 ** 63), lambda: torch.full((2,), 1e39),
         lambda: x + 10 ** 30, lambda: x * 2 ** 64, lambda: x - (-2 ** 63 - 1), lambda: x.clone().fill_(10 ** 30),
         lambda: L.clone().fill_(2 ** 63), lambda: x.masked_fill(x > 0, 1e39), lambda: x.sum(10 ** 30),
         lambda: x.unsqueeze(2 ** 63), lambda: x[10 ** 30], lambda: torch.clamp(x, max=10 ** 30),
         lambda: torch.zeros(2 ** 63)]
for f in calls:
    try:
        print(f())
    except Exception as e:
        print(type(e).__name__, str(e).splitlines()[0])
print(torch.tensor([1.0, 10 ** 30]), torch.tensor(2 ** 63 - 1), torch.tensor(-2 ** 63), x + 2 ** 63)
print(L + 2 ** 63, L.to(torch.int32) + 2 ** 40, L.to(torch.uint8) + 300, torch.tensor([-1, -255], dtype=torch.uint8))
print(torch.full((2,), -1, dtype=torch.uint8), torch.tensor([1e39]), torch.full((2,), 2 ** 40, dtype=torch.float16))
