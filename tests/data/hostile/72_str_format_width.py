# expect: limit
# why: a format width attack through str.format (the f-string one is checked)
s = "{:>10000000000}".format(1)
