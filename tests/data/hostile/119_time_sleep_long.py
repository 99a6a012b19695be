# expect: limit
# why: time.sleep blocks outside the interpreter; it sleeps in slices and respects the time limit
import time
time.sleep(10 ** 6)
