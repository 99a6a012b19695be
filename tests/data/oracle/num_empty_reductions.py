# desc: softmax and log_softmax of an empty tensor give empty tensors; sum/mean/prod/std of nothing give 0, nan, 1, nan (std with PyTorch's degrees-of-freedom warning); max/min/amax/argmax of nothing raise PyTorch's errors; the gradient through an empty softmax is empty
# features: softmax, log_softmax, sum, mean, max, amax, argmax, std, empty, error, warning
import torch
e = torch.ones(0)
print(torch.softmax(e, 0), torch.log_softmax(e, 0), e.sum(), e.mean(), e.prod(), e.std())
calls = [lambda: e.max(), lambda: e.min(), lambda: e.amax(), lambda: e.argmax(), lambda: e.argmin(),
         lambda: torch.max(e, 0), lambda: e.reshape(-1, 0), lambda: torch.cat([])]
for f in calls:
    try:
        print(f())
    except Exception as e_:
        print(type(e_).__name__, e_)
w = torch.ones(0, requires_grad=True)
out = torch.softmax(w, 0).sum() + torch.log_softmax(w, 0).sum() + w.sum()
