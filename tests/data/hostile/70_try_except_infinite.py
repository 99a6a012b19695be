# expect: limit
# why: try/except Exception around an infinite loop; the limit must still stop it
try:
    while True:
        pass
except Exception:
    print('swallowed')
