# expect: raised
# why: functools.partial is our own class with nothing to read: no .func
from functools import partial
p = partial(print, 1)
f = p.func
print(f)
