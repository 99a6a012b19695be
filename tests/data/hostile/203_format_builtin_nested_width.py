# expect: raised
# why: format()'s spec is no longer refused for a brace; a nested width in it must still not become a field (Python refuses the spec)
x = 1
print(format(x, "{:>{}}"), format(x, ">{}".format(10**9)))
