# expect: rejected
# why: an attribute-reaching str.format inside an f-string
x = 1
print(f"{'{0.__class__}'.format(x)}")
