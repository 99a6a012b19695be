# expect: rejected
# why: numpy is not importable (it has tofile, load, ctypes)
import numpy as np
np.ones(3).tofile('CANARY')
