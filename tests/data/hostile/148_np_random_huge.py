# expect: limit
# why: np.random's size argument is checked
import numpy as np
x = np.random.rand(100000, 100000)
