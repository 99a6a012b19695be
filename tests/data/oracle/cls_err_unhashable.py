# desc: a class that defines __eq__ without __hash__ is unhashable: adding it to a set is Python's TypeError
# features: class, __eq__, unhashable, TypeError, runtime-error
class P:
    def __init__(self, x):
        self.x = x

    def __eq__(self, other):
        return self.x == other.x


print(P(1) == P(1), P(1) != P(2))
s = set()
s.add(P(1))
