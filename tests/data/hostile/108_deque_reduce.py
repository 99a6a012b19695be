# expect: raised
# why: deque internals through __reduce_ex__
from collections import deque
d = deque([1])
r = getattr(d, '__reduce_ex__')(2)
print(r)
