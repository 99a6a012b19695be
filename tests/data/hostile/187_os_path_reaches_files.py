# expect: raised
# why: os.path has only string functions: exists, getsize, expanduser and friends are not there
import os.path
print(os.path.join("a", "b"))
if not os.path.exists('CANARY'):
    os.makedirs('CANARY')
