# expect: limit
# why: a list that extends itself in a loop
l = [0] * 10 ** 7
while True:
    l.extend(l)
