# desc: names starting with an underscore (variables, functions, arguments, keywords) and the if __name__ == "__main__" guard
# features: underscore-name, __name__, main-guard
import torch
_x = torch.tensor([1., 2.], requires_grad=True)
def _square(_t, _power=2):
    return _t ** _power
_out = _square(_x, _power=3).sum()
_out.backward()
print(_x.grad, __name__)
def main():
    __ = 5
    _ = 1
    return __ + _
if __name__ == "__main__":
    print("main", main())
