# expect: limit
# why: three-argument pow with 50000-bit numbers (the bit check skips pow with a modulus)
m = 2 ** 49999 - 1
x = pow(3, m, m)
