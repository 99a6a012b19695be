# expect: limit
# why: product(repeat=n) builds n-tuples: the size is checked first
import itertools
p = next(itertools.product([1], repeat=10 ** 9))
