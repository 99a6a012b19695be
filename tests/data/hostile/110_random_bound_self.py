# expect: raised
# why: random's functions are plain functions; __self__ (the generator) is a dunder
import random
r = getattr(random.random, '__self__')
print(r.getstate())
