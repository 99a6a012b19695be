# expect: raised
# why: format(x, "{0.real}") is a spec, not a format string: Python refuses it (ValueError), nothing reaches into x
x = 3
print(format(x, "{0.real}"))
