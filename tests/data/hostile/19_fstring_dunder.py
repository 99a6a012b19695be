# expect: rejected
# why: f-string expression reaching a dunder
x = 1
print(f"{x.__class__.__mro__}")
