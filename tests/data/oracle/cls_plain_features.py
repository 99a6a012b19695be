# desc: plain classes: class attributes, staticmethod, classmethod, property with a setter, single inheritance, super() in both forms, Base.method(self), isinstance/issubclass/type, getattr/hasattr/setattr
# features: class, inheritance, super, staticmethod, classmethod, property, isinstance, type
class Animal(object):
    count = 0
    kind = "animal"

    def __init__(self, name):
        self.name = name
        Animal.count += 1

    def speak(self):
        return f"{self.name} makes a sound"

    @staticmethod
    def helper(x):
        return x * 2

    @classmethod
    def create(cls, name):
        return cls(name)

    @property
    def upper(self):
        return self.name.upper()

    @property
    def age(self):
        return self._age

    @age.setter
    def age(self, v):
        if v < 0:
            raise ValueError("negative age")
        self._age = v

    def __str__(self):
        return f"Animal({self.name})"


class Dog(Animal):
    kind = "dog"

    def __init__(self, name, breed):
        super().__init__(name)
        self.breed = breed

    def speak(self):
        return super().speak() + " (woof)"


class Cat(Animal):
    def __init__(self, name):
        super(Cat, self).__init__(name)

    def speak(self):
        return Animal.speak(self) + " (meow)"


class Plain:
    pass


d = Dog("Rex", "lab")
c = Cat.create("Tom")
print(d.speak(), c.speak(), Animal.count, d.kind, c.kind, Dog.kind)
print(d, str(c), Animal.helper(3), d.helper(4), d.upper)
d.age = 3
print(d.age)
try:
    d.age = -1
except ValueError as e:
    print("error:", e)
try:
    d.upper = "x"
except AttributeError as e:
    print("error:", e)
print(isinstance(d, Animal), isinstance(d, Cat), issubclass(Dog, Animal), issubclass(Animal, Dog))
print(type(d) == Dog, type(d) is Dog, type(c).__name__, Dog.__name__, Dog)
p = Plain()
print(hasattr(d, "breed"), hasattr(d, "wings"), getattr(d, "name"), getattr(d, "zz", 5))
setattr(d, "wings", 0)
print(d.wings)
