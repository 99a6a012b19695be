# expect: rejected
# why: bytes literals are refused (and frombuffer, raw memory, is not in the subset)
import numpy as np
x = np.frombuffer(b"abcd", dtype=np.uint8)
