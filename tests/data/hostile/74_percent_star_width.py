# expect: limit
# why: a %-format width taken from the arguments: '%*d'
s = '%*d' % (10 ** 10, 1)
