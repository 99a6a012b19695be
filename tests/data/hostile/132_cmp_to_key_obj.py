# expect: raised
# why: cmp_to_key's key objects have nothing readable
import functools
K = functools.cmp_to_key(lambda a, b: a - b)
print(K(1).obj)
