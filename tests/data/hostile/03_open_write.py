# expect: rejected
# why: open is forbidden: programs cannot touch files
f = open('CANARY', 'w')
f.write('pwned')
f.close()
