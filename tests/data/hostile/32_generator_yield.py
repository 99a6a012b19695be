# expect: limit
# why: an endless generator consumed whole: each of its steps is a step of the run's budget
def g():
    while True:
        yield 1
print(list(g()))
