# desc: torch.cross / torch.linalg.cross / Tensor.cross refusals and edge cases caught and printed (out= sharing memory with an input included): lengths other than 3, dtypes that differ, bool, a missing dimension, out of range dims, 0-d inputs, argument errors, out= with grad, integer wraparound, float16, broadcasting the other dimensions
# features: cross, errors, printing
import torch
torch.manual_seed(0)
xo = torch.randn(2, 3)
yo = torch.randn(2, 3)
cases = [
    lambda: torch.linalg.cross(torch.randn(2,4), torch.randn(4,4)),
    lambda: torch.linalg.cross(torch.randn(2,3), torch.randn(4,3).double()),
    lambda: torch.linalg.cross(torch.randn(2,3), torch.randn(2,3).double()),
    lambda: torch.linalg.cross(torch.randn(2,3), torch.randn(4)),
    lambda: torch.linalg.cross(torch.randn(4,2), torch.randn(4,2), dim=-2),
    lambda: torch.cross(torch.randn(4,2), torch.randn(4,2), dim=-3),
    lambda: torch.cross(torch.randn(2,4), torch.randn(3,4)),
    lambda: torch.cross(torch.randn(3,4), torch.randn(3,3)),
    lambda: torch.cross(torch.tensor([True,False,True]), torch.tensor([True,True,False])),
    lambda: torch.cross(torch.randn(3,1,3), torch.randn(1,4,3)),
    lambda: torch.cross(torch.randn(()), torch.randn(())),
    lambda: torch.linalg.cross(torch.randn(()), torch.randn(())),
    lambda: torch.cross(torch.randn(2,3),1),
    lambda: torch.cross(torch.randn(3),torch.randn(3), dim=1.0),
    lambda: torch.linalg.cross(torch.randn(3), torch.randn(3), 0),
    lambda: torch.linalg.cross(torch.randn(3), torch.randn(3), dim=None),
    lambda: torch.randn(3).cross(torch.randn(3),1,2),
    lambda: torch.randn(3).cross(),
    lambda: torch.linalg.cross(torch.tensor([1.,2,3],requires_grad=True), torch.tensor([4.,5,6]), out=torch.empty(3)),
    lambda: torch.linalg.cross(torch.tensor([1.,2,3]), torch.tensor([4.,5,6]), out=torch.empty(3)),
    lambda: torch.cross(torch.tensor([1,2,3],dtype=torch.uint8), torch.tensor([4,5,6],dtype=torch.uint8), dim=0),
    lambda: torch.cross(torch.tensor([2**62,3,5]), torch.tensor([7,2**62,11]), dim=-1),
    lambda: torch.cross(torch.tensor([1.,2,3],dtype=torch.float16), torch.tensor([4.,5,6.1],dtype=torch.float16), dim=0),
    lambda: torch.randn(4,3).cross(torch.randn(4,3)),
    lambda: torch.randn(2,3,3).cross(torch.randn(2,3,3), -2),
    lambda: torch.linalg.cross(xo, yo, out=xo),
    lambda: torch.cross(yo, xo, dim=1, out=xo[:, :]),
    lambda: torch.cross(xo[0], yo[0], dim=0, out=xo[1]),
]
for i, f in enumerate(cases):
    try:
        print(i, f())
    except Exception as e:
        print(i, type(e).__name__, e)
