# expect: raised
# why: no frame reaches the interpreter
import sys
print(sys._getframe().f_globals)
