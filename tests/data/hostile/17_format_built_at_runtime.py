# expect: raised
# why: a format string assembled at run time from pieces; the run-time check refuses it (a refusal while running is the program's error: ProgramRejected, kind raised)
parts = ['{0', '.', '__class__', '}']
fmt = ''.join(parts)
print(fmt.format(1))
