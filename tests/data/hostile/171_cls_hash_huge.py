# expect: raised
# why: a __hash__ returning a huge int is reduced by Python (harmless); a float one is Python's TypeError
class A:
    def __init__(self, h):
        self.h = h
    def __hash__(self):
        return self.h
s = {A(10 ** 1000), A(-(2 ** 4000))}
print(len(s))
s.add(A(1.5))
