# expect: raised
# why: super() objects reach only the program's own methods; object's internals are not there
class A:
    def f(self):
        return getattr(super(), "__reduce_ex__")
A().f()
