# expect: raised
# why: pathlib.Path is pure path arithmetic over the run's own folders: nothing reads the machine's files
from pathlib import Path
print(Path("/etc/passwd").read_text())
