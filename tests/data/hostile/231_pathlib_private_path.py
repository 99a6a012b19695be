# expect: raised
# why: the Path's own path object (a real PurePosixPath) is private: the sandbox refuses the underscore attribute
from pathlib import Path
p = Path("/etc")
print(p._p)
