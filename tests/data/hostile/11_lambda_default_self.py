# expect: rejected
# why: default-argument trick: a builtin captured as a default, then __self__ (the builtins module)
f = lambda g=print: g.__self__
b = f()
b.open('CANARY', 'w')
