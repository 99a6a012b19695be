# expect: rejected
# why: an arbitrary-expression decorator (3.9+) that reads __globals__
@(lambda fn: fn.__globals__)
def f():
    pass
print(f)
