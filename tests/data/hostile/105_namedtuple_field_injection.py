# expect: raised
# why: field names that are code: namedtuple accepts identifiers only
from collections import namedtuple
P = namedtuple('P', ['a', 'b): import os; os.system("touch CANARY") #'])
