# expect: rejected
# why: 'return' outside a function is a SyntaxError in Python; the internal _Return must not escape run_program
print('before')
return 42
