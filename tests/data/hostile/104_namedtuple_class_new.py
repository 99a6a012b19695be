# expect: raised
# why: a namedtuple class's __new__ (built by Python's stdlib) through getattr
from collections import namedtuple
P = namedtuple('P', 'a')
n = getattr(P, '__new__')
print(getattr(n, "globals"))
