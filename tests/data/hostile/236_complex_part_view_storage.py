# expect: raised
# why: a complex tensor's parts are tensors (views); their numpy storage is not reachable: .data is a tensor, the array behind it is private
import torch
z = torch.tensor([1 + 2j, 3 - 4j])
part = z.real
print(part.data.numpy().ctypes.data_as)
