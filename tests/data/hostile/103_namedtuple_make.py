# expect: raised
# why: namedtuple's _make is not among the readable names (fields, _fields, _asdict, _replace)
from collections import namedtuple
P = namedtuple('P', 'a b')
p = P._make([1, 2])
