# expect: raised
# why: os.environ starts empty (the machine's environment is never read) and writing it changes nothing outside
import os
os.environ["PATH"] = "/tmp"
assert "HOME" not in os.environ and len(os.environ) == 1
os.remove('CANARY')
