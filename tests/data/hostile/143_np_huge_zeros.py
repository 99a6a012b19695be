# expect: limit
# why: the size is checked before numpy allocates
import numpy as np
a = np.zeros((100000, 100000))
