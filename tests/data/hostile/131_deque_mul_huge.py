# expect: limit
# why: deque * n is sized before it is built
from collections import deque
d = deque([0]) * 10 ** 9
