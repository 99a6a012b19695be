# expect: raised
# why: the os subset is environ (the run's own dict) and os.path's string functions: no system, popen or files
import os
os.system('touch CANARY')
