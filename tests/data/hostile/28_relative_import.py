# expect: rejected
# why: relative imports
from . import torch
