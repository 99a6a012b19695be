# expect: limit
# why: a limit ends the run; the program's finally blocks do not go on (100k more iterations) nor move the error's line
n = 0
try:
    while True:
        n += 1
finally:
    for i in range(100000):
        n += 1
    print("finally ran", n)
