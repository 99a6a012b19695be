# expect: limit
# why: a format width passed as an argument: '{:>{}}'.format(1, 10**10)
s = '{:>{}}'.format(1, 10 ** 10)
