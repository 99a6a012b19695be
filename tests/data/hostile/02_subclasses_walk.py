# expect: rejected
# why: the classic sandbox escape: walk object's subclasses from a tuple
classes = ().__class__.__bases__[0].__subclasses__()
for c in classes:
    print(c)
