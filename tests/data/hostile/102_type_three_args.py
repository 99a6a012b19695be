# expect: raised
# why: type(name, bases, dict) would make a class with dunder methods
T = type('T', (), {'x': 1})
print(T)
