# expect: raised
# why: format_map is not an allowed str method at run time
s = '{x}'
m = s.format_map
print(m({'x': 1}))
