# desc: special methods of a container-like class: __len__, __getitem__, __setitem__, __iter__, __contains__, __eq__ (then unhashable), __lt__, __call__, __bool__, __repr__; a class with __eq__ and __hash__ in a set
# features: class, special-methods, __eq__, __hash__, __iter__, __len__, unhashable
class Vec:
    def __init__(self, *xs):
        self.xs = list(xs)

    def __len__(self):
        return len(self.xs)

    def __getitem__(self, i):
        return self.xs[i]

    def __setitem__(self, i, v):
        self.xs[i] = v

    def __iter__(self):
        return iter(self.xs)

    def __contains__(self, v):
        return v in self.xs

    def __eq__(self, other):
        return isinstance(other, Vec) and self.xs == other.xs

    def __lt__(self, other):
        return len(self) < len(other)

    def __call__(self, k):
        return [x * k for x in self.xs]

    def __bool__(self):
        return len(self.xs) > 0

    def __repr__(self):
        return "Vec(" + ", ".join(str(x) for x in self.xs) + ")"


v = Vec(1, 2, 3)
v[0] = 10
print(len(v), v[1], list(v), 2 in v, 5 in v, v(2), v == Vec(10, 2, 3), v != Vec(1), v < Vec(1, 2, 3, 4))
print(bool(Vec()), sorted([Vec(1, 2), Vec(1)]), [x for x in v], sum(v))
try:
    hash(v)
except TypeError as e:
    print("error:", e)
try:
    {v: 1}
except TypeError as e:
    print("error:", e)


class Key:
    def __init__(self, k):
        self.k = k

    def __eq__(self, other):
        return self.k == other.k

    def __hash__(self):
        return hash(self.k)


print(len({Key(1), Key(1), Key(2)}))
