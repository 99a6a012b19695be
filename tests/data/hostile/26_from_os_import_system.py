# expect: raised
# why: from os import system: the os subset has no system (ImportError at the line, as Python says for a missing name)
from os import system
system('touch CANARY')
