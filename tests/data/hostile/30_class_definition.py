# expect: rejected
# why: class definitions are not available
class A:
    def __init__(self):
        pass
a = A()
