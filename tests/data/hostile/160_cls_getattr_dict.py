# expect: raised
# why: an instance's __dict__ through getattr is refused at run time (the parser refuses the attribute)
class A:
    def __init__(self):
        self.x = 1
a = A()
d = getattr(a, "__dict__")
