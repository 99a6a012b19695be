# expect: raised
# why: a function's __dict__ (a step towards its globals and closure) is refused
def f():
    return 1
d = f.__dict__
d['x'] = 1
