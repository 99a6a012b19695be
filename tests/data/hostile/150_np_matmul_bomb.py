# expect: limit
# why: a @ b of numpy arrays is checked for the product's size, not just broadcasting
import numpy as np
a = np.ones((100000, 1))
b = np.ones((1, 100000))
c = a @ b
