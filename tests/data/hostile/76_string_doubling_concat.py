# expect: limit
# why: string doubling with + (only * is checked)
s = 'a' * 10 ** 7
while True:
    s = s + s
