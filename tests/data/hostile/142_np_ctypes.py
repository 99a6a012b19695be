# expect: raised
# why: an array's ctypes (memory addresses) is not readable
import numpy as np
a = np.zeros(3)
print(a.ctypes.data)
