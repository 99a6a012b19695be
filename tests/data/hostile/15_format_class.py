# expect: rejected
# why: str.format field reaching an attribute
x = 1
print("{0.__class__}".format(x))
