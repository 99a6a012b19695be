# expect: rejected
# why: exec runs code from a string
exec("open('CANARY', 'w').write('x')")
