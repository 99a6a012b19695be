# expect: raised
# why: a bar's attributes are the ones listed for it; what tqdm keeps behind them (the run's output) is not reachable
from tqdm import tqdm
bar = tqdm(range(3))
print(bar.fp)
