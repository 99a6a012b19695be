# expect: raised
# why: deepcopy of a defaultdict whose factory is a program function would copy the interpreter
import copy
from collections import defaultdict
d = defaultdict(lambda: 0)
e = copy.deepcopy(d)
