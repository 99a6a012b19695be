# expect: limit
# why: an infinite loop
while True:
    pass
