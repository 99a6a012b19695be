# expect: limit
# why: in Python a return (or break) in finally discards the exception in flight: a program tries that to swallow a limit and run on
def f():
    try:
        while True:
            pass
    finally:
        return 1
print("escaped the limit", f())
n = 0
for i in range(3):
    try:
        while True:
            n += 1
    finally:
        break
print("escaped the limit again", n)
