# expect: limit
# why: [0] * 10**9
x = [0] * 10 ** 9
