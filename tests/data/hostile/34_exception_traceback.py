# expect: rejected
# why: an exception's __traceback__
try:
    1 / 0
except ZeroDivisionError as e:
    tb = e.__traceback__
    print(tb)
