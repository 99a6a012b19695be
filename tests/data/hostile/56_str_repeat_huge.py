# expect: limit
# why: 'a' * 10**10
s = 'a' * 10 ** 10
