# expect: rejected
# why: e.__traceback__.tb_frame.f_globals, the interpreter's own globals
try:
    1 / 0
except Exception as e:
    g = e.__traceback__.tb_frame.f_globals
    g['__builtins__']['open']('CANARY', 'w')
