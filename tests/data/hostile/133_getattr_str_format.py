# expect: raised
# why: str.format reached through getattr still checks its fields
f = getattr('{0.__class__}', 'format')
print(f(1))
