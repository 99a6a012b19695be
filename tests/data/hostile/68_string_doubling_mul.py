# expect: limit
# why: string doubling with *
s = 'ab'
while True:
    s = s * 2
