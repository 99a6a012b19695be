# desc: Python's errors with Python's messages, caught and printed: IndexError, KeyError, TypeError, ZeroDivisionError, ValueError, AttributeError, NameError, UnboundLocalError
# features: runtime-error, try-except, type-name
import torch
x = torch.tensor([1., 2.], requires_grad=True)
def show(f):
    try:
        f()
    except Exception as e:
        print(type(e).__name__ + ":", e)
lst = [1, 2, 3]
show(lambda: lst[5])
show(lambda: {"a": 1}["b"])
show(lambda: len(5))
show(lambda: 1 / 0)
show(lambda: int("abc"))
show(lambda: [].nope)
show(lambda: x.grad())
show(lambda: undefined_thing + 1)
def f():
    print(counter)
    counter = 1
show(f)
show(lambda: (1, 2) + [3])
show(lambda: "a" + 1)
a, b = 1, 2
show(lambda: max())
print("done")
