# expect: raised
# why: copy module internals through __dict__ (a Python module's __dict__ is refused at run time)
import copy
d = copy.__dict__
print(d)
