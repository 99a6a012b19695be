# expect: limit
# why: an endless iterator consumed by a starred call (print(*it)): every item is a step
class Forever:
    def __init__(self):
        self.i = 0
    def __iter__(self):
        return self
    def __next__(self):
        self.i += 1
        return self.i
print(*Forever())
