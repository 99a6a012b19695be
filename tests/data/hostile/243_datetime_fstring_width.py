# expect: limit
# why: a date's format spec is its strftime format, checked as any format width is
from datetime import date
print(f"{date.today():%0999999999d}")
