# expect: limit
# why: a huge __len__ does not preallocate in list(); the endless __getitem__ is counted step by step
class A:
    def __len__(self):
        return 10 ** 18
    def __getitem__(self, i):
        return i
print(list(A()))
