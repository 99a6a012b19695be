# expect: raised
# why: the analysis's call choice and limits live outside the program: it cannot reach the pipeline, Limits or the isolate module
import torch
from torch import isolate
