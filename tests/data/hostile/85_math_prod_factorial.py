# expect: limit
# why: math.prod(range(1, 10**6)): a 18-million-bit integer made in C
import math
x = math.prod(range(1, 10 ** 6))
