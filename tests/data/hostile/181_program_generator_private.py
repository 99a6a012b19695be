# expect: raised
# why: the generator's fields hold the interpreter itself
def g():
    yield 1
x = g()
print(x._interp.modules)
