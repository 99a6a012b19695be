# expect: limit
# why: np.outer's result size is checked first
import numpy as np
a = np.arange(200000)
b = np.outer(a, a)
