# expect: limit
# why: math.factorial of a huge number runs in C
import math
n = math.factorial(10 ** 8)
