# expect: limit
# why: 2 ** 10 ** 10
x = 2 ** 10 ** 10
