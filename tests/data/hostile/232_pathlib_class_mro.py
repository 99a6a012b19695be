# expect: rejected
# why: the class behind Path is not a way to the real pathlib module: dunder attributes are refused before the run
from pathlib import Path
print(type(Path("x")).__mro__)
