# expect: raised
# why: a method's __globals__ (a host function's would be the interpreter's module) is refused
class A:
    def f(self):
        return 1
g = getattr(A().f, "__glo" + "bals__")
print(g)
