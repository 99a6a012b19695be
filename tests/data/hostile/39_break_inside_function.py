# expect: rejected
# why: 'break' in a function body outside a loop is a SyntaxError in Python; here it would break the caller's loop
def f():
    break
for i in range(3):
    f()
    print('iteration', i)
