# expect: limit
# why: sum(range(10**12))
x = sum(range(10 ** 12))
