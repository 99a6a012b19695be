# expect: raised
# why: writing __class__ into an instance's own dict changes nothing (type(a) stays A) and A's own __dict__ stays refused
class A:
    def __init__(self):
        self.x = 1
a = A()
a.__dict__['__class__'] = dict
print(type(a).__name__, a.x)
print(type(a).__dict__)
