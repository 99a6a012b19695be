# expect: raised
# why: a date's timetuple is a time.struct_time, whose attributes no rule opens
import datetime
t = datetime.date.today().timetuple()
print(t.tm_year)
