# expect: raised
# why: numpy's file functions are not in the subset: np.save is an AttributeError
import numpy as np
np.save("CANARY", np.zeros(3))
