# expect: rejected
# why: type(x) is a stand-in with a name only; type(x).__subclasses__ (the walk of the class tree) is a dunder
x = 1
T = type(x)
print(T)
print(T.__subclasses__())
