# expect: rejected
# why: only the listed modules can be imported, not their submodules
import collections.abc
print(collections.abc)
