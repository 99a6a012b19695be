# expect: limit
# why: an iterator class whose __next__ never raises StopIteration, consumed by list(): counted per item
class Forever:
    def __iter__(self):
        return self
    def __next__(self):
        return 1
items = list(Forever())
