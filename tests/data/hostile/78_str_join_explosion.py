# expect: limit
# why: ''.join of 1000 strings of 10**7 characters
s = ''.join(['a' * 10 ** 7] * 1000)
