# expect: limit
# why: a comprehension with two 10**7 loops
pairs = [(i, j) for i in range(10 ** 7) for j in range(10 ** 7)]
