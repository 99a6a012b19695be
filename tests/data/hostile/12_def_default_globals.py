# expect: rejected
# why: default-argument trick on a def: reach __globals__ of a captured function
def f(h=print):
    return h.__globals__
print(f())
