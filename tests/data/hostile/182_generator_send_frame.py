# expect: raised
# why: what a program sends into its generator is only a value; getattr cannot reach the Python generator inside
def g():
    got = yield 1
    yield got
x = g()
next(x)
print(x.send(getattr(x, "_gen")))
