# expect: limit
# why: str.replace that squares the length each time
s = 'a' * 1000
s = s.replace('a', s)
s = s.replace('a', s)
