# expect: raised
# why: the partial's private slot _func through getattr
import functools
p = functools.partial(print, 1)
print(getattr(p, '_func'))
