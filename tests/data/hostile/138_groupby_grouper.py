# expect: raised
# why: the group iterators of groupby are counted generators with nothing to read
import itertools
for k, g in itertools.groupby('aab'):
    print(g.gi_code)
