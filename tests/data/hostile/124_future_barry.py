# expect: rejected
# why: an unknown (or joke) __future__ feature is Python's SyntaxError
from __future__ import barry_as_FLUFL
print(1 <> 2)
