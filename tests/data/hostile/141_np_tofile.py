# expect: raised
# why: an array's tofile method is not readable
import numpy as np
a = np.zeros(3)
a.tofile("CANARY")
