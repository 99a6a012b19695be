# expect: rejected
# why: metaclass= is refused (the class statement is built by the interpreter only)
class Meta:
    pass
class A(object, metaclass=Meta):
    pass
