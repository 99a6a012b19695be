# expect: rejected
# why: globals() is reflection
g = globals()
g['__builtins__']['open']('CANARY', 'w')
