# expect: rejected
# why: a class with a metaclass keyword (classes are available; metaclasses are not)
class Meta:
    pass
class A(metaclass=Meta):
    def __init__(self):
        pass
a = A()
