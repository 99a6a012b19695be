"""tqdm's progress bars iterate and draw nothing (core/interp/progress_bars.py): a training loop wrapped in
tqdm/trange prints what it prints with real tqdm, whose bar goes to stderr (the expected text below is
real tqdm 4.x's stdout for the same program, with PyTorch 2.13)."""
from __future__ import annotations

from core.interp import run_program

TRAINING = """import torch
import tqdm as tq
from tqdm import tqdm, trange
from tqdm.auto import tqdm as atqdm
x = torch.tensor([1.0, 2.0], requires_grad=True)
opt = torch.optim.SGD([x], lr=0.1)
for epoch in trange(3, desc="epochs"):
    loss = (x ** 2).sum()
    opt.zero_grad(); loss.backward(); opt.step()
pbar = tqdm(total=4)
for i in range(4):
    pbar.update(1)
    pbar.set_postfix(loss=loss.item())
pbar.close()
print(pbar.n, len(pbar))
with atqdm(enumerate([5, 6]), total=2) as bar:
    for i, v in bar:
        bar.set_description(f"step {i}")
tqdm.write("finished")
tq.tqdm.write(str(x))
for b in tq.tqdm(torch.utils.data.DataLoader(torch.arange(6.0), batch_size=4)):
    print(b)
"""


def test_a_loop_in_tqdm_runs_as_with_real_tqdm_and_notes_the_bars_once():
    result = run_program(TRAINING, filename="train.py")
    assert result.error is None, result.error
    assert result.stdout == ("4 4\nfinished\ntensor([0.5120, 1.0240], requires_grad=True)\ntensor([0., 1., 2., 3.])\n"
                             "tensor([4., 5.])\n")
    notes = [w.message for w in result.notes]
    assert len(notes) == 1 and notes[0].startswith("tqdm: progress bars are not drawn")


def test_an_endless_bar_is_stopped_by_the_step_limit_and_write_to_a_file_is_refused():
    from core.interp.limits import Limits
    endless = run_program("import itertools\nfrom tqdm import tqdm\nfor i in tqdm(itertools.count()):\n    pass\n",
                          limits=Limits(max_seconds=1.0))
    assert endless.error is not None and endless.error.kind == "limit"
    refused = run_program("from tqdm import tqdm\ntqdm.write('x', file='log.txt')\n")
    assert refused.error.type == "TypeError" and refused.error.line == 2
