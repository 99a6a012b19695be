# expect: limit
# why: *args of an endless iterator is expanded with a step per item
import itertools
print(*itertools.repeat(1))
