# expect: limit
# why: a __repr__ that never returns is stopped by the step and time limits, inside print
class A:
    def __repr__(self):
        while True:
            pass
print(A())
