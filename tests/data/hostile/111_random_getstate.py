# expect: raised
# why: random.getstate / Random are not in the subset
import random
s = random.getstate()
