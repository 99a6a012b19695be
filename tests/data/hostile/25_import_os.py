# expect: rejected
# why: import of anything but torch/copy/math
import os
os.system('touch CANARY')
