# desc: collections.namedtuple (fields, _fields, _asdict, _replace, printing), OrderedDict, defaultdict(list/int), deque with maxlen
# features: collections, namedtuple, OrderedDict, defaultdict, deque
import collections
from collections import namedtuple, OrderedDict, defaultdict, deque
import torch
Point = namedtuple("Point", ["x", "y"])
p = Point(torch.tensor(1., requires_grad=True), 2.0)
out = p.x * p.y
out.backward()
print(p.x.grad, type(p).__name__, p._fields, Point._fields)
q = Point(1, 2)
print(q, q._asdict(), q._replace(y=5), q[0], len(q), isinstance(q, tuple), isinstance(q, Point))
Pair = collections.namedtuple("Pair", "a b", defaults=[0])
print(Pair(1), Pair(1, 2).b)
od = OrderedDict()
od["w"] = 1
od["b"] = 2
od.move_to_end("w")
print(od, list(od.keys()), isinstance(od, dict), isinstance(od, OrderedDict))
dd = defaultdict(list)
dd["grads"].append(1.5)
counts = defaultdict(int)
for ch in "hello":
    counts[ch] += 1
print(dd, dict(counts), counts["zz"])
d = deque(maxlen=3)
for i in range(5):
    d.append(i)
d.appendleft(-1)
print(d, d.popleft(), d.pop(), len(d), list(d))
d2 = collections.deque([1, 2, 3])
d2.rotate(1)
print(d2, sum(d2))
