# expect: rejected
# why: 'break' outside a loop is a SyntaxError in Python; the interpreter must not let its internal _Break escape run_program
print('before')
break
