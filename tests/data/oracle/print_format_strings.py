# desc: f"{t}", f"{t.item():.3f}", "{}".format(t), str(t), repr(t), and f-string of a 0-dim tensor with a format spec
# features: print, f-string, format, str, repr
import torch
t = torch.tensor([1.23456, 2.5])
s = torch.tensor(3.14159)
print(f"{t}")
print(f"{s.item():.3f}", f"{t[0].item():.3f}")
print("{}".format(t))
print("x = " + str(s), repr(t))
print(f"{s:.2f}", "{:.1f}".format(s))
print(f"{s}", f"{torch.tensor(2)}")
