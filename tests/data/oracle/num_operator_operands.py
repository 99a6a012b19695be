# desc: operators with operands PyTorch does not take return NotImplemented, so Python raises its own TypeError (or compares identities: x == None is False); torch functions name the argument PyTorch's way
# features: operators, TypeError, argument-parsing, error
import torch
x = torch.ones(2, 3)
calls = [lambda: x + 'a', lambda: 'a' + x, lambda: x * None, lambda: x @ 3, lambda: 3 @ x, lambda: x ** 'a',
         lambda: 'a' - x, lambda: x // 'a', lambda: x % [1], lambda: x < 'a', lambda: x + [1, 2, 3],
         lambda: torch.sum('a'), lambda: torch.sum(3), lambda: x.sum('a'), lambda: x.sum(0.5), lambda: torch.exp(3),
         lambda: torch.add(x, 'a'), lambda: x.view(2.0, 3), lambda: x.view('a'), lambda: x.reshape(None),
         lambda: torch.matmul(x, 3), lambda: torch.cat(x), lambda: torch.stack([x, 'a']), lambda: x.transpose(0, 'a'),
         lambda: x.unsqueeze(0.5), lambda: x.mean(dim='a'), lambda: torch.softmax(x, 'a'), lambda: x.permute(0, 'a'),
         lambda: x.max('a'), lambda: torch.max(x, 0.5), lambda: torch.clamp(x, 'a'), lambda: x.pow('a'),
         lambda: x.expand('a'), lambda: x.repeat(None), lambda: torch.zeros(2, 'a'), lambda: x.sum(dim=0, foo=1),
         lambda: torch.exp(x, x), lambda: torch.transpose(x), lambda: x.item(1), lambda: x.abs(foo=1),
         lambda: x.sum(1, 2, 3, 4), lambda: torch.sum(x, 1, 2, 3, 4), lambda: x.reshape([6.0]),
         lambda: torch.tensor(None), lambda: torch.tensor(['a'])]
for f in calls:
    try:
        print(f())
    except Exception as e:
        print(type(e).__name__, str(e).splitlines()[0])
print(x == None, x != None, x == 'a', x.sum(None), torch.sum(x, None), x + 1.5, x * True)
print(x.sum(axis=0, keepdims=True), torch.cat([x], axis=0).shape, torch.exp(x=x).shape, x.amax(axis=1))
for f in [lambda: x.sum(0, axis=1), lambda: x.sum(dim=0, axis=1), lambda: x.mean(axis='a')]:
    try:
        print(f())
    except Exception as e:
        print(type(e).__name__, str(e).splitlines()[0])
