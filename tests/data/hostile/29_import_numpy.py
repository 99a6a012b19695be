# expect: raised
# why: numpy is importable as a subset; an array's tofile (files) is not readable
import numpy as np
np.ones(3).tofile('CANARY')
