# expect: rejected
# why: defining __getattribute__ would take over attribute reads
class A:
    def __getattribute__(self, name):
        return 1
print(A().x)
