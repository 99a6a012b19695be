# expect: limit
# why: 1000 lists of 10**7 each: every one is under the sequence limit, the sum is 80 GB
xs = [[0] * 10 ** 7 for i in range(1000)]
