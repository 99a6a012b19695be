# expect: limit
# why: pprint of an object whose repr pprints itself recurses through the interpreter: the call-depth limit stops it
import pprint
class Loop:
    def __repr__(self):
        return pprint.pformat([self])
pprint.pprint(Loop())
