# expect: limit
# why: 'x in' an endless iterator runs in C in Python; here it steps through the budget
import itertools
print(-1 in itertools.count())
