# expect: limit
# why: l[:] and l.copy() copy the list; 100 copies of 9 million items kept would be 7 GB
l = [0] * 9_000_000
kept = []
for i in range(50):
    kept.append(l[:])
    kept.append(l.copy())
print(len(kept))
