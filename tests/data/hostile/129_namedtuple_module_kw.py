# expect: raised
# why: namedtuple(module=...) is not in the subset (the class lives in __main__)
from collections import namedtuple
P = namedtuple('P', 'a', module='os')
