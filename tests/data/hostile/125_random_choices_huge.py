# expect: limit
# why: random.choices(k=huge) builds a list in one call
import random
x = random.choices([1, 2], k=10 ** 9)
