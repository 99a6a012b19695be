# expect: raised
# why: type(f) of a program function is a name only: it cannot make a function from code
def f():
    pass
F = type(f)
g = F(None, None)
