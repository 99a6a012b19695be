# expect: raised
# why: sum() with a list start concatenates quadratically inside C: refused with a TypeError (sum adds numbers and tensors)
x = sum([[0] * 10 ** 7] * 1000, [])
