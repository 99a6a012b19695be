# expect: raised
# why: underscore keywords smuggled through **
def f(**kw):
    return kw
print(f(**{'__class__': 1}))
