# expect: limit
# why: recursion 10**5 deep
def depth(n):
    if n == 0:
        return 0
    return 1 + depth(n - 1)
print(depth(10 ** 5))
