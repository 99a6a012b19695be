# expect: raised
# why: core.torch's test helper installed() swaps the process's torch modules; a program must not reach it
from torch import installed
with installed():
    pass
