# expect: limit
# why: an exponential lambda recursion: lambda bodies count no steps and no time
f = lambda n: 0 if n == 0 else f(n - 1) + f(n - 1)
print(f(40))
