# expect: rejected
# why: from os import system
from os import system
system('touch CANARY')
