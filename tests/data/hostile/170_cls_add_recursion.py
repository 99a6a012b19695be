# expect: limit
# why: __add__ calling itself through + ends at the call-depth limit, not in Python's RecursionError
class A:
    def __add__(self, other):
        return self + other
A() + 1
