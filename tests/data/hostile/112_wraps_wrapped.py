# expect: raised
# why: functools.wraps copies the name only; __wrapped__ is a dunder
import functools
@functools.wraps(print)
def f():
    pass
print(getattr(f, '__wrapped__'))
