# expect: limit
# why: exponential integer growth by x * x (only ** is checked)
x = 2 ** 49999
while True:
    x = x * x
