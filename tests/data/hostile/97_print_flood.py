# expect: limit
# why: printing 10 MB per iteration: stdout is kept in memory without a limit
while True:
    print('x' * 10 ** 7)
