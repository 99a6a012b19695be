# expect: raised
# why: gc.get_objects would list every object of the process; gc has collect/enable/disable only
import gc
objs = gc.get_objects()
