# expect: limit
# why: a bar over an endless iterator is counted step by step like any loop: the run's limits stop it
import itertools
from tqdm import trange, tqdm
for i in tqdm(itertools.count()):
    x = i * 2
