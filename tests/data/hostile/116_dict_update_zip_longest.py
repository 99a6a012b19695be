# expect: limit
# why: dict.update consumes in C; itertools iterators take a step per item
import itertools
d = {}
d.update(itertools.zip_longest(itertools.count(), []))
