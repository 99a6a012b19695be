# desc: functools.reduce/partial/wraps/lru_cache and itertools count/islice/product/permutations/combinations/chain/accumulate/zip_longest/cycle/repeat/groupby
# features: functools, itertools
import functools
import itertools
from functools import reduce, partial, wraps
import torch
xs = [torch.tensor(float(i), requires_grad=True) for i in range(1, 4)]
prod = reduce(lambda a, b: a * b, xs)
prod.backward()
print(prod, [x.grad for x in xs])
print(reduce(lambda a, b: a + b, [1, 2, 3], 10))
power = partial(pow, exp=2)
print(power(5), partial(max, 3)(1, 2))
def logged(f):
    @wraps(f)
    def inner(*args):
        return f(*args)
    return inner
@logged
def add(a, b):
    return a + b
print(add.__name__, add(1, 2))
@functools.lru_cache(maxsize=None)
def fib(n):
    return n if n < 2 else fib(n - 1) + fib(n - 2)
print(fib(30))
print(list(itertools.islice(itertools.count(5, 2), 4)), list(itertools.product([0, 1], repeat=2)))
print(list(itertools.permutations("abc", 2)), list(itertools.combinations(range(4), 3)))
print(list(itertools.chain([1], (2, 3))), list(itertools.chain.from_iterable([[4], [5, 6]])))
print(list(itertools.accumulate([1, 2, 3, 4])), list(itertools.zip_longest("ab", "xyz", fillvalue="-")))
print(list(itertools.islice(itertools.cycle("ab"), 5)), list(itertools.repeat(7, 3)))
print([(k, list(g)) for k, g in itertools.groupby("aabbbc")], 4 in itertools.count())
print(list(itertools.starmap(pow, [(2, 3), (3, 2)])), list(itertools.combinations_with_replacement("ab", 2)))
