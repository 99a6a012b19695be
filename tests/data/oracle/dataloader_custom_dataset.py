# desc: a program's own Dataset subclass (__len__, __getitem__) shuffled by DataLoader: PyTorch's order
# features: Dataset subclass, DataLoader, shuffle, default_collate
import torch
from torch.utils.data import Dataset, DataLoader

class Squares(Dataset):
    def __init__(self, n):
        super().__init__()
        self.x = torch.arange(n, dtype=torch.float32)
    def __len__(self):
        return len(self.x)
    def __getitem__(self, i):
        return self.x[i], self.x[i] ** 2

torch.manual_seed(0)
ds = Squares(10)
print(len(ds), ds[3])
for xb, yb in DataLoader(ds, batch_size=4, shuffle=True):
    print(xb, yb)
