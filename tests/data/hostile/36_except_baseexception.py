# expect: limit
# why: BaseException is not a name programs have, and LimitExceeded is no Exception: the handler never sees the limit
try:
    while True:
        pass
except BaseException:
    print('escaped the limit')
