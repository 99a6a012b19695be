# expect: rejected
# why: a method of Path does not lead to its module's globals: dunder attributes are refused before the run
from pathlib import Path
print(Path.__init__.__globals__)
