# desc: time.time / perf_counter used to time a loop (only the comparison printed), copy.copy / copy.deepcopy of tensors and lists
# features: time, copy
import time
import copy
import torch
t0 = time.perf_counter()
start = time.time()
x = torch.tensor([1., 2.], requires_grad=True)
for _ in range(3):
    y = (x * 2).sum()
elapsed = time.perf_counter() - t0
print(elapsed >= 0, time.time() >= start)
w = torch.tensor([1., 2.])
ws = [w, [w]]
shallow = copy.copy(ws)
deep = copy.deepcopy(ws)
w[0] = 10.
print(shallow[0], deep[0], deep[1][0] is deep[0])
