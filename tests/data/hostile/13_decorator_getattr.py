# expect: rejected
# why: a decorator used to smuggle getattr
@getattr
def f():
    pass
