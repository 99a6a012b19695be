# expect: rejected
# why: format_map with an attribute field
print("{x.__class__}".format_map({'x': 1}))
