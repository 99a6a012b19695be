# expect: raised
# why: iter(callable, sentinel) makes an endless iterator: refused with a TypeError before it can spin in C
x = sum(iter(int, 1))
