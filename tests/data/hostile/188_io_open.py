# expect: raised
# why: io is importable (tutorials import it) but holds nothing: no open, no FileIO
import io
io.open('CANARY', 'w').write('x')
