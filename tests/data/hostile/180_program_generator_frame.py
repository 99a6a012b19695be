# expect: raised
# why: a program's generator is the interpreter's object: its frame, code and running Python generator stay out of reach
def g():
    yield 1
x = g()
print(x.gi_frame.f_globals)
