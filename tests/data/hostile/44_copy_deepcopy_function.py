# expect: raised
# why: copy.deepcopy of a function
import copy
def f():
    pass
g = copy.deepcopy(f)
