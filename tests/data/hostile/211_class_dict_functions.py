# expect: raised
# why: a class's __dict__ (its mappingproxy: functions, __module__, the interpreter's namespace) is refused
class A:
    def f(self):
        return 1
ns = A.__dict__
print(ns['f'](None))
