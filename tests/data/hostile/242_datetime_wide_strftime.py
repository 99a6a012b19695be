# expect: limit
# why: a strftime width is a format width: one past the sequence limit is refused before the C library builds it
import datetime
print(datetime.datetime.now().strftime("%0999999999Y"))
