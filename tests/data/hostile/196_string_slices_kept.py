# expect: limit
# why: each s[i:] copies the string; 600 slices of 9 million characters kept would be 5 GB
s = "a" * 9_000_000
kept = []
for i in range(600):
    kept.append(s[i:])
print(len(kept))
