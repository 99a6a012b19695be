# expect: rejected
# why: assigning __class__ would change what an instance is on the host
class A:
    pass
a = A()
a.__class__ = int
