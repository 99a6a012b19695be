# expect: rejected
# why: reading __class__ of an instance (the host class) is refused
class A:
    pass
print(A().__class__)
