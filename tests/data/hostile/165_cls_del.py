# expect: rejected
# why: __del__ would run program code when the host frees an object
class A:
    def __del__(self):
        print("freed")
a = A()
a = None
