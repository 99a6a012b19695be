# expect: limit
# why: list(range(10**10))
x = list(range(10 ** 10))
