# expect: limit
# why: math.prod multiplies [0] by 10**9 in C, past the repeat check
import math
x = math.prod([[0], 10 ** 9])
