# desc: the math module and Python's random module seeded: bit-exact values of random, randint, choice, shuffle, sample, uniform, gauss, choices, randrange
# features: math, random, seed
import math
import random
import torch
print(math.pi, math.sqrt(2), math.exp(1), math.log(10), math.floor(2.7), math.ceil(2.1), math.factorial(10))
print(math.isclose(0.1 + 0.2, 0.3), math.comb(5, 2), math.gcd(12, 18), math.inf, math.hypot(3, 4), math.log1p(1e-5))
random.seed(0)
print(random.random(), random.randint(1, 100), random.choice(["a", "b", "c"]))
lst = list(range(10))
random.shuffle(lst)
print(lst, random.sample(range(100), 5), random.uniform(-1, 1))
print(random.gauss(0, 1), random.choices([1, 2, 3], k=4), random.randrange(0, 50, 5))
random.seed("tutorial")
print(random.random(), random.getrandbits(16))
w = torch.tensor([random.random() for _ in range(3)], requires_grad=True)
(w * 2).sum().backward()
print(w.grad)
