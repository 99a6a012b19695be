# desc: the grad_fn PyTorch's CPU recurrent layers give their outputs: MkldnnRnnLayerBackward0 for a one-directional LSTM (oneDNN), StackBackward0 for RNN and GRU, CatBackward0 for two directions, TransposeBackward0/1 with batch_first (LSTM out of place, RNN and GRU in place), SqueezeBackward1 unbatched
# features: nn, rnn, lstm, gru
import torch
torch.manual_seed(0)
for cls in (torch.nn.LSTM, torch.nn.GRU, torch.nn.RNN):
    for kw in ({}, {"num_layers": 2}, {"bidirectional": True}, {"batch_first": True}):
        m = cls(3, 4, **kw)
        x = torch.randn(5, 2, 3)
        out, h = m(x)
        if isinstance(h, tuple):
            print(cls.__name__, kw, out.grad_fn.name(), h[0].grad_fn.name(), h[1].grad_fn.name())
        else:
            print(cls.__name__, kw, out.grad_fn.name(), h.grad_fn.name())
    x1 = torch.randn(5, 3)
    out, h = cls(3, 4)(x1)
    print(cls.__name__, 'unbatched', out.grad_fn.name(), (h[0] if isinstance(h, tuple) else h).grad_fn.name())
