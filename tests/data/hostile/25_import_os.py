# expect: rejected
# why: import of a module outside the safe subsets (subprocess, shutil, pathlib...)
import subprocess
subprocess.run(['touch', 'CANARY'])
