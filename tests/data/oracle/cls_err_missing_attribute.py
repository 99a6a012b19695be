# desc: reading an attribute an instance of a program class does not have: AttributeError with Python's message, at its line
# features: class, AttributeError, runtime-error
class Value:
    def __init__(self, data):
        self.data = data


a = Value(2.0)
print(a.data)
print(a.x)
