# expect: raised
# why: modules are read-only namespaces, setattr too
import torch
setattr(torch, 'ones', print)
