# expect: raised
# why: iter(callable, sentinel) makes an endless iterator: refused with a TypeError before it can spin in C
zs = [z for z in iter(int, 1)]
