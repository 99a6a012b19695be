# every layer, activation and loss module on seeded inputs: default initialisation, forward values, grad_fn names
import torch
import torch.nn as nn
torch.manual_seed(0)
x = torch.randn(4, 3)
img = torch.randn(2, 2, 6, 6)
seq = torch.randn(2, 3, 5)
tests = [
    ("Identity", nn.Identity(), x), ("Flatten", nn.Flatten(), img), ("Unflatten", nn.Unflatten(1, (3, 1)), x),
    ("BN1d", nn.BatchNorm1d(3), x), ("BN2d", nn.BatchNorm2d(2), img), ("LN", nn.LayerNorm(3), x),
    ("Conv1d", nn.Conv1d(3, 2, 2), seq), ("Conv2d", nn.Conv2d(2, 3, 3, stride=2, padding=1), img),
    ("MaxPool2d", nn.MaxPool2d(2), img), ("AvgPool2d", nn.AvgPool2d(2), img), ("MaxPool1d", nn.MaxPool1d(2), seq),
    ("ReLU", nn.ReLU(), x), ("LeakyReLU", nn.LeakyReLU(0.1), x), ("PReLU", nn.PReLU(), x), ("Sigmoid", nn.Sigmoid(), x),
    ("Tanh", nn.Tanh(), x), ("Softmax", nn.Softmax(dim=1), x), ("LogSoftmax", nn.LogSoftmax(dim=1), x),
    ("GELU", nn.GELU(), x), ("GELUtanh", nn.GELU(approximate="tanh"), x), ("ELU", nn.ELU(), x), ("SiLU", nn.SiLU(), x),
    ("Softplus", nn.Softplus(), x), ("Hardtanh", nn.Hardtanh(), x), ("Linear", nn.Linear(3, 2), x),
    ("Dropout-eval", nn.Dropout().eval(), x),
]
for name, m, inp in tests:
    try:
        print(name, m(inp))
    except Exception as e:
        print(name, "ERROR", type(e).__name__, e)
bn = nn.BatchNorm1d(3)
bn(x); bn(x)
print(bn.running_mean, bn.running_var, bn.num_batches_tracked)
bn.eval(); print(bn(x))
emb = nn.Embedding(5, 2, padding_idx=0)
print(emb(torch.tensor([[0, 1], [4, 2]])))
bil = nn.Bilinear(3, 3, 2)
t = torch.tensor([0, 2, 1, 1])
p = torch.sigmoid(x[:, 0])
y = (x[:, 1] > 0).float()
losses = [
    ("MSE", nn.MSELoss(), (x, torch.zeros(4, 3))), ("MSEsum", nn.MSELoss(reduction="sum"), (x, torch.ones(4, 3))),
    ("L1none", nn.L1Loss(reduction="none"), (x, torch.zeros(4, 3))), ("SmoothL1", nn.SmoothL1Loss(beta=0.5), (x, torch.zeros(4, 3))),
    ("Huber", nn.HuberLoss(delta=0.5), (x, torch.zeros(4, 3))), ("CE", nn.CrossEntropyLoss(), (x, t)),
    ("CEw", nn.CrossEntropyLoss(weight=torch.tensor([1.0, 2.0, 0.5]), label_smoothing=0.1), (x, t)),
    ("CEignore", nn.CrossEntropyLoss(ignore_index=1), (x, t)), ("CEprob", nn.CrossEntropyLoss(), (x, torch.softmax(x, 1))),
    ("NLL", nn.NLLLoss(), (torch.log_softmax(x, 1), t)), ("BCE", nn.BCELoss(), (p, y)),
    ("BCElogits", nn.BCEWithLogitsLoss(pos_weight=torch.tensor(2.0)), (x[:, 0], y)),
    ("KLDiv", nn.KLDivLoss(reduction="batchmean"), (torch.log_softmax(x, 1), torch.softmax(x * 0.5, 1))),
]
for name, m, args in losses:
    try:
        print(name, m(*args))
    except Exception as e:
        print(name, "ERROR", type(e).__name__, e)
