# expect: raised
# why: a warnings filter's message pattern is a regular expression matched in C: not taken
import warnings
warnings.filterwarnings("ignore", message="(a+)+$")
