# expect: limit
# why: str.ljust to 10**10 characters
s = 'a'.ljust(10 ** 10)
