# expect: raised
# why: frombuffer (raw memory) is not in the subset
import numpy as np
x = np.frombuffer("abcd", dtype=np.uint8)
