# expect: raised
# why: torch.save into a buffer keeps a copy, and the sandbox's copy takes only tensors, numbers, strings and containers: a function or lambda is refused when saved, before anything callable could come back
import io
import torch
b = io.BytesIO()
torch.save({'f': print, 'g': lambda: None}, b)
b.seek(0)
loaded = torch.load(b)
loaded['f']('escaped')
