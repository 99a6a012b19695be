# expect: raised
# why: an array of Python objects would let numpy call them from C: refused
import numpy as np
x = np.array([print, print])
