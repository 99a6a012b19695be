# desc: DataLoader shuffling draws PyTorch's seeds and permutation from the default generator, epoch after epoch
# features: DataLoader, shuffle, TensorDataset, random_split, Generator, default_collate
import torch
from torch.utils.data import DataLoader, TensorDataset, random_split

torch.manual_seed(0)
X = torch.arange(24, dtype=torch.float32).reshape(12, 2)
y = torch.arange(12)
ds = TensorDataset(X, y)
print(len(ds), ds[3])
loader = DataLoader(ds, batch_size=5, shuffle=True)
print(len(loader))
for epoch in range(2):
    for xb, yb in loader:
        print(epoch, yb, xb.shape)
print(torch.rand(2))
for xb, yb in DataLoader(ds, batch_size=5, drop_last=True):
    print(yb)
train, test = random_split(ds, [9, 3])
print(len(train), len(test), train.indices, test.indices)
g = torch.Generator().manual_seed(42)
print([yb.tolist() for _, yb in DataLoader(train, batch_size=4, shuffle=True, generator=g)])
batch = next(iter(DataLoader([(0.5, 1), (1.5, 2), (2.5, 3)], batch_size=2)))
print(batch)
print(torch.randn(3))
