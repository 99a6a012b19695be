# expect: rejected
# why: global statements are not available
x = 1
def f():
    global x
    x = 2
f()
