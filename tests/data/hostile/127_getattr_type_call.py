# expect: raised
# why: the dunder __call__ of a type stand-in through getattr
t = type(print)
c = getattr(t, '__call__')
