# expect: raised
# why: torch's real module imports sys; it must not be importable from it
from torch import sys
sys.modules['os'].system('touch CANARY')
