# expect: limit
# why: len() of a __len__ beyond sys.maxsize is Python's OverflowError; range(len(...)) of a big one hits the sequence limit
class A:
    def __init__(self, n):
        self.n = n
    def __len__(self):
        return self.n
try:
    len(A(10 ** 30))
except OverflowError as e:
    print(e)
for i in range(len(A(10 ** 12))):
    pass
