# expect: rejected
# why: the tqdm stand-in is a host class: its methods do not lead to their module's globals (dunder attributes are refused before the run)
from tqdm import tqdm
print(tqdm.write.__func__.__globals__)
