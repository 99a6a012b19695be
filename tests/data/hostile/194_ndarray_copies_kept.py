# expect: limit
# why: ndarray.copy() makes arrays outside the op registry; 150 copies of 10 million kept would be 12 GB
import numpy as np
a = np.zeros(10_000_000)
kept = []
for i in range(150):
    kept.append(a.copy())
print(len(kept))
