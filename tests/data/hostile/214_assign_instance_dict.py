# expect: rejected
# why: replacing an object's __dict__ is refused before the program runs
class A:
    pass
a = A()
a.__dict__ = {'__class__': int}
