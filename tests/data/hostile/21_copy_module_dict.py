# expect: rejected
# why: copy module internals through __dict__
import copy
d = copy.__dict__
print(d)
