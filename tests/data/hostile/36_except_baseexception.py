# expect: rejected
# why: BaseException is not available, so a program cannot catch LimitExceeded
try:
    while True:
        pass
except BaseException:
    print('escaped the limit')
