# expect: raised
# why: sys is a table of a few harmless values; its modules, frames and exit stay out of reach
import sys
sys.path.append("..")
print(sys.modules["os"].system("echo hacked"))
