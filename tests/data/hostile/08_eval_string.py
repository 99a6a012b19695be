# expect: rejected
# why: eval runs code from a string
code = "__import__('os').system('touch CANARY')"
eval(code)
