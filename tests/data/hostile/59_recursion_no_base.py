# expect: limit
# why: recursion without a base case
def f(n):
    return f(n + 1)
f(0)
