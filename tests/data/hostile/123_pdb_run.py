# expect: raised
# why: pdb.run would run code from a string; pdb has set_trace (doing nothing) only
import pdb
pdb.run('import os')
