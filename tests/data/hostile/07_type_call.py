# expect: rejected
# why: type() is reflection; type(x).__subclasses__ would walk the class tree
x = 1
T = type(x)
print(T)
