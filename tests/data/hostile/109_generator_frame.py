# expect: raised
# why: an itertools iterator is a generator of ours: gi_frame would reach the interpreter's globals
import itertools
c = itertools.count()
print(c.gi_frame.f_globals)
