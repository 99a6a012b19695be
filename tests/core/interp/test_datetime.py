"""``datetime`` is Python's own (core/interp/stdlib.py, members_datetime): a tutorial that stamps its run
(``print(f"Last updated: {datetime.datetime.now()}")``) or times an epoch runs; its values print as Python's."""
from __future__ import annotations

import subprocess
import sys

from core.interp import run_program

PROGRAM = """import datetime
from datetime import datetime as dt, timedelta, date
start = dt.now()
print(type(start).__name__, isinstance(start, dt))
d = datetime.date(2024, 2, 29) + timedelta(days=1)
print(d, d.year, d.isoformat(), d.strftime("%Y/%m/%d"), f"{d:%d.%m.%Y}", repr(d))
print(timedelta(hours=1, minutes=30).total_seconds(), str(timedelta(days=2, seconds=5)))
print(dt(2020, 1, 2, 3, 4, 5).strftime("%H:%M:%S"), dt.fromisoformat("2021-05-06T07:08:09"),
      dt.strptime("2022-03-04", "%Y-%m-%d"))
print((dt.now() - start) < timedelta(minutes=5), date.min, datetime.MAXYEAR)
print(f"Last updated: {datetime.datetime.now()}"[:14])
"""


def test_datetime_values_print_as_in_python():
    result = run_program(PROGRAM)
    assert result.error is None, result.error
    python = subprocess.run([sys.executable, "-c", PROGRAM], capture_output=True, text=True, check=True).stdout
    assert result.stdout == python
    assert result.stdout.endswith("Last updated: \n")


def test_what_is_not_a_value_stays_closed():
    for source, kind in (("import datetime\ndatetime.date.today().timetuple().tm_year\n", "AttributeDenied"),
                         ("import datetime\ndatetime.datetime.now().strftime('%0999999999Y')\n", "LimitExceeded")):
        result = run_program(source)
        assert result.error is not None and result.error.type == kind and result.error.line == 2, result.error
