# expect: raised
# why: the wrappers staticmethod/classmethod/property give nothing of themselves to read
def g():
    return 1
s = staticmethod(g)
p = property(g)
print(p.fget)
print(s.fn)
