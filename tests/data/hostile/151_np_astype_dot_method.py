# expect: raised
# why: an array's dot method (unchecked size) is not readable; np.dot is checked
import numpy as np
a = np.ones((100000, 1))
b = a.dot(a.T)
