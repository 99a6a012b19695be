# expect: limit
# why: mutual recursion without a base case
def even(n):
    return odd(n)
def odd(n):
    return even(n)
even(0)
