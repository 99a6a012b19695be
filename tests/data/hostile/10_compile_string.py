# expect: rejected
# why: compile builds code objects from a string
c = compile("open('CANARY', 'w')", "<s>", "exec")
print(c)
