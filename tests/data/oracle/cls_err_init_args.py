# desc: calling a class with too many arguments for its __init__: TypeError naming Value.__init__
# features: class, TypeError, runtime-error, __init__
class Value:
    def __init__(self, data):
        self.data = data


a = Value(1.0)
b = Value(1.0, 2.0)
