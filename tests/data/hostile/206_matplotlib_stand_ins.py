# expect: raised
# why: matplotlib's stand-ins hold nothing: no underscore or dunder name reaches a function's globals, a class's bases or a real module
import matplotlib.pyplot as plt
import matplotlib
fig = plt.figure()
for obj, name in ((plt.plot, "__globals__"), (fig, "_x"), (fig, "__class__"), (fig, "__dict__"),
                  (plt.show, "__closure__"), (matplotlib.pyplot, "__dict__"), (fig, "__getattr__"),
                  (plt.rcParams, "__setitem__"), (plt.subplots(2, 2)[1], "_rows")):
    try:
        got = getattr(obj, name)
        if name == "__class__":
            got = getattr(got, "__bases__")
        print("escaped", name)
    except AttributeError:
        pass
getattr(fig, "__reduce_ex__")(2)
