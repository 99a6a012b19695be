# expect: rejected
# why: __import__ is a forbidden (and underscore) name; would run os.system
__import__('os').system('touch CANARY')
