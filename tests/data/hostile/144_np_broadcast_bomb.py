# expect: limit
# why: broadcasting two vectors into a 10^10 matrix is checked by the operator guard
import numpy as np
a = np.ones((100000, 1))
b = np.ones((1, 100000))
c = a + b
