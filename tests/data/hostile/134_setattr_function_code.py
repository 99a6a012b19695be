# expect: raised
# why: setattr of a dunder on a program function
def f():
    pass
setattr(f, '__code__', None)
