# expect: limit
# why: a format width attack in an f-string
print(f"{1:>1000000000}")
