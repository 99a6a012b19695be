# expect: rejected
# why: x.__class__ reads as type(x) (the program's class, behind the sandbox); its machinery (__bases__, __mro__, __subclasses__) stays out of reach
class A:
    pass
print(A().__class__.__name__)
print(A().__class__.__bases__)
