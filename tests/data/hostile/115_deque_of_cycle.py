# expect: limit
# why: deque() consumes its iterable in C; an endless cycle must still be stopped
import itertools
from collections import deque
d = deque(itertools.cycle([1, 2]))
