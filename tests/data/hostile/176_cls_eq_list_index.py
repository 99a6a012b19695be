# expect: limit
# why: a slow __eq__ used by list.index and in over a long list: each comparison is a counted call
class Slow:
    def __eq__(self, other):
        for k in range(50):
            pass
        return False
    def __hash__(self):
        return 1
big = [0] * 5_000_000
s = Slow()
print(s in big)
print(big.index(s))
