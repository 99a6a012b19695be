# expect: raised
# why: np.lib (with its file readers) is not in the subset
import numpy as np
np.lib.npyio.savetxt("CANARY", [1])
