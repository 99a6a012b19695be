# expect: rejected
# why: generators are not available
def g():
    while True:
        yield 1
print(list(g()))
