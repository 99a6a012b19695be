# expect: limit
# why: an array's dot method checks the product's size first, as np.dot does
import numpy as np
a = np.ones((100000, 1))
b = a.dot(a.T)
