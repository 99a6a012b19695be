# expect: limit
# why: 1 << 10**9 would build a 125 MB integer and take seconds; the shift's size is checked before Python builds it, also through <<= and a shift inside a loop
x = 1
for i in range(3):
    x <<= 1000
print(x.bit_length())
n = 10 ** 9
y = 1 << n
print("escaped", y.bit_length())
