# expect: rejected
# why: str.format field walking __init__.__globals__
def f():
    pass
print("{.__init__.__globals__}".format(f))
