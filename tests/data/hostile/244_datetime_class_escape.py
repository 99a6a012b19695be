# expect: rejected
# why: datetime's classes are Python's own; their dunder attributes (a way to the type machinery) are refused before the run
import datetime
print(datetime.datetime.__subclasses__())
