# desc: reductions along a dimension of size 0: sum and mean give empty or nan results, max/min/amax/argmax along it raise PyTorch's IndexError (amax naming the dim as given, max normalised), along another dim they give empty results
# features: sum, mean, max, amax, argmax, empty, error
import torch
e2 = torch.ones(2, 0, 3)
print(e2.sum(1).shape, e2.mean(1), e2.amax(2).shape, e2.argmax(2).shape, e2.max(2).values.shape)
calls = [lambda: e2.max(1), lambda: e2.max(-2), lambda: e2.amax((0, 1)), lambda: e2.amin(-2), lambda: e2.argmin(1),
         lambda: e2.argmax(), lambda: e2.std(1)]
for f in calls:
    try:
        print(f())
    except Exception as e_:
        print(type(e_).__name__, e_)
