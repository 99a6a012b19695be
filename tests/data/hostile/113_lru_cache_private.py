# expect: raised
# why: lru_cache's wrapper keeps its function and store in private slots
import functools
@functools.lru_cache(maxsize=None)
def f(n):
    return n
print(f._store)
