# expect: raised
# why: a decorator used to smuggle getattr: getattr(f) is a TypeError, and getattr never reads dunders
@getattr
def f():
    pass
