# expect: raised
# why: a duration past datetime's range is Python's OverflowError at its line, not a huge object
import datetime
d = datetime.timedelta(days=10 ** 20)
