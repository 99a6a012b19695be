"""torch.nn.Module, Parameter, the containers and layers, and program classes deriving from nn.Module.

The ``nn_module_*`` oracle cases (tests/data/oracle, recorded from PyTorch 2.13) are run by
test_oracle_cases.py as plain Python over core.torch; here the same programs run through the
interpreter, where ``class Net(nn.Module)`` is a program class and every attribute goes through
the sandbox, and must print what PyTorch printed.  Then the sandbox: a module's internals are
refused or harmless.
"""
from __future__ import annotations

import json
import textwrap
from pathlib import Path

import pytest

from core.interp import Limits, run_program
from core.torch import nn

ORACLE = Path(__file__).resolve().parents[1] / "data" / "oracle"
CASES = sorted(ORACLE.glob("nn_module_*.py"))


def run(src):
    return run_program(textwrap.dedent(src), limits=Limits(max_seconds=20))


def out_of(src):
    r = run(src)
    assert r.error is None, r.error
    return r.stdout


def test_there_are_recorded_module_programs():
    assert len(CASES) >= 6


@pytest.mark.parametrize("path", CASES, ids=[p.stem for p in CASES])
def test_recorded_program_through_the_interpreter(path):
    expected = json.loads(path.with_suffix(".json").read_text())
    r = run_program(path.read_text(), limits=Limits(max_seconds=20))
    assert r.error is None, r.error
    assert r.stdout == expected["stdout"]


# -- program classes deriving from nn.Module ---------------------------------------------------

def test_program_module_registers_calls_forward_and_trains():
    out = out_of("""
        import torch
        from torch import nn
        class Net(nn.Module):
            def __init__(self):
                super().__init__()
                self.w = nn.Parameter(torch.tensor([2.0, -1.0]))
                self.scale = 3
            def forward(self, x):
                return (x * self.w).sum() * self.scale
        net = Net()
        loss = net(torch.tensor([1.0, 1.0]))
        loss.backward()
        print(loss.item(), net.w.grad, [n for n, _ in net.named_parameters()], net.scale)
    """)
    assert out == "3.0 tensor([3., 3.]) ['w'] 3\n"


def test_assigning_a_module_before_init_is_pytorchs_error_at_its_line():
    r = run("""
        import torch.nn as nn
        class Net(nn.Module):
            def __init__(self):
                self.fc = nn.Linear(2, 2)
        Net()
    """)
    assert r.error.type == "AttributeError"
    assert r.error.message == "cannot assign module before Module.__init__() call"


def test_class_without_init_and_subclass_of_a_program_module():
    out = out_of("""
        import torch
        import torch.nn as nn
        class Base(nn.Module):
            def __init__(self, n):
                nn.Module.__init__(self)
                self.fc = nn.Linear(n, 1)
            def forward(self, x):
                return self.fc(x)
        class Child(Base):
            def __init__(self):
                super(Child, self).__init__(3)
                self.extra = nn.ReLU()
            def extra_repr(self):
                return 'child'
        class Bare(nn.Module):
            pass
        c = Child()
        print(c)
        print(Bare(), isinstance(c, Base), isinstance(c, nn.Module), len(list(c.parameters())))
        print(c(torch.ones(2, 3)).shape, c.training, c.eval().training, c.fc.training)
        try:
            Bare()(1)
        except NotImplementedError as e:
            print(e)
    """)
    assert out == ("Child(\n  child\n  (fc): Linear(in_features=3, out_features=1, bias=True)\n  (extra): ReLU()\n)\n"
                   "Bare() True True 2\ntorch.Size([2, 1]) True False False\n"
                   'Module [Bare] is missing the required "forward" function\n')


def test_program_call_and_repr_win_over_modules():
    out = out_of("""
        import torch.nn as nn
        class M(nn.Module):
            def __call__(self, x):
                return x + 1
            def __repr__(self):
                return 'mine'
        print(M()(1), M(), nn.Sequential(M()))
    """)
    assert out == "2 mine Sequential(\n  (0): mine\n)\n"


def test_containers_in_programs():
    out = out_of("""
        import torch
        import torch.nn as nn
        seq = nn.Sequential(nn.Linear(2, 3), nn.ReLU())
        seq.append(nn.Linear(3, 1))
        print(len(seq), [type(m).__name__ for m in seq], type(seq[1:]).__name__, len(seq[1:]))
        ml = nn.ModuleList([nn.Tanh()])
        ml += [nn.Sigmoid()]
        md = nn.ModuleDict({'a': nn.ReLU()})
        md['b'] = nn.Tanh()
        print(len(ml), list(md.keys()), 'a' in md, md['b'])
        pl = nn.ParameterList([nn.Parameter(torch.ones(1)) for _ in range(2)])
        print(len(list(pl.parameters())), seq(torch.ones(4, 2)).shape)
    """)
    assert out == ("3 ['Linear', 'ReLU', 'Linear'] Sequential 2\n2 ['a', 'b'] True Tanh()\n"
                   "2 torch.Size([4, 1])\n")


def test_default_initialisation_is_pytorchs_bit_for_bit():
    # recorded from torch 2.13: torch.manual_seed(0); nn.Linear(3, 2) / nn.Conv2d(2, 3, 2)
    import core.torch as torch
    torch.manual_seed(0)
    lin = nn.Linear(3, 2)
    assert lin.weight.tolist() == [[-0.004322517663240433, 0.3097158372402191, -0.4751853346824646],
                                   [-0.4248946011066437, -0.2223689705133438, 0.15482072532176971]]
    assert lin.bias.tolist() == [-0.011439144611358643, 0.45777493715286255]
    torch.manual_seed(0)
    conv = nn.Conv2d(2, 3, 2)
    assert conv.weight.flatten()[:4].tolist() == [-0.0026469905860722065, 0.18966144323349, -0.2909903824329376,
                                                  -0.26019373536109924]
    assert conv.bias.tolist() == [-0.05698692053556442, 0.037410933524370193, 0.3201341927051544]


def test_parameter_is_a_tensor_subclass_sharing_storage():
    import core.torch as torch
    t = torch.ones(2)
    p = nn.Parameter(t)
    assert isinstance(p, nn.Parameter) and isinstance(p, torch.Tensor) and p.is_leaf and p.requires_grad
    with torch.no_grad():
        p.mul_(3)
    assert t.tolist() == [3.0, 3.0]
    assert type(p * 2) is torch.Tensor
    assert repr(p).startswith("Parameter containing:\ntensor([3., 3.], requires_grad=True)")
    with pytest.raises(RuntimeError, match="floating point"):
        nn.Parameter(torch.tensor([1, 2]))


# -- the sandbox: internals refused or harmless ----------------------------------------------------

NET = """
import torch
import torch.nn as nn
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(2, 2)
    def forward(self, x):
        return self.fc(x)
net = Net()
"""


@pytest.mark.parametrize("expr", [
    "net._forward_hooks", "net.fc._forward_hooks", "net._non_persistent_buffers_set", "net.fc._plain",
    "getattr(net, '_bpl_vars')", "getattr(net, '_method')", "getattr(net.fc, '_has')",
    "getattr(net.parameters, '__func__')", "getattr(net.fc, '__dict__')", "getattr(net, '__dict__')",
    "getattr(nn.Linear, '__init__')", "getattr(net.fc, '_convert')",
])
def test_module_internals_are_refused(expr):
    r = run(NET + f"print({expr})\n")
    assert r.error is not None and r.error.type in ("AttributeDenied", "ProgramRejected"), r.error


@pytest.mark.parametrize("src", [
    "class M(nn.Module):\n    def __setattr__(self, k, v):\n        pass\n",
    "class M(nn.Module):\n    def __getattr__(self, k):\n        return 1\n",
    "net.__dict__ = {}\n", "print(type(net).__mro__)\n", "print(net.parameters.__self__)\n",
    "net.fc.__class__ = Net\n",
])
def test_python_machinery_is_rejected_before_running(src):
    r = run(NET + src)
    assert r.error is not None and r.error.kind == "rejected", r.error


def test_setting_internals_is_refused():
    r = run(NET + "net.fc._parameters = {}\n")
    assert r.error.type == "AttributeDenied"


def test_the_three_tables_are_plain_data_and_abuse_is_a_plain_error():
    # d2l's MySequential writes self._modules[...] = block; a non-module there only fails as PyTorch would
    r = run(NET + "print(list(net._modules), list(net.fc._parameters))\n"
                  "net._modules['odd'] = print\nprint(list(net.modules()))\n")
    assert r.stdout == "['fc'] ['weight', 'bias']\n"
    assert r.error.type == "AttributeError" and "named_modules" in r.error.message


def test_apply_and_hooks_run_program_functions_in_the_interpreter():
    out = out_of(NET + """
seen = []
net.apply(lambda m: seen.append(type(m).__name__))
h = net.fc.register_forward_hook(lambda m, i, o: seen.append(tuple(o.shape)))
net(torch.ones(1, 2))
h.remove()
net(torch.ones(1, 2))
net.apply(print)
print(seen)
""")
    assert out.endswith("['Linear', 'Net', (1, 2)]\n")


def test_a_module_calling_itself_stops_at_the_call_depth_limit():
    r = run("""
        import torch.nn as nn
        class R(nn.Module):
            def forward(self, x):
                return self(x)
        R()(1)
    """)
    assert r.error is not None and r.error.type == "LimitExceeded"


def test_forward_replaced_on_a_layer_is_the_programs_function():
    out = out_of(NET + "net.fc.forward = lambda x: x * 0\nprint(net(torch.ones(2)))\n")
    assert out == "tensor([0., 0.])\n"


def test_deepcopy_of_a_module_copies_parameters_and_refuses_program_functions_and_hooks():
    out = out_of(NET + """
import copy
best = copy.deepcopy(net)
with torch.no_grad():
    net.fc.weight.fill_(1)
print(best.fc.weight is net.fc.weight, torch.equal(best.fc.weight, net.fc.weight), type(best).__name__,
      isinstance(best.fc.weight, nn.Parameter), best(torch.ones(1, 2)).shape)
net.f = lambda x: x
try:
    copy.deepcopy(net)
except TypeError as e:
    print('refused')
""")
    assert out == "False False Net True torch.Size([1, 2])\nrefused\n"
    r = run(NET + "import copy\nnet.register_forward_hook(print)\ncopy.deepcopy(net)\n")
    assert r.error.type == "TypeError" and "hooks" in r.error.message


def test_lazy_linear_draws_its_weights_at_the_first_call_and_becomes_linear():
    out = out_of("""
        import torch
        import torch.nn as nn
        torch.manual_seed(0)
        lazy = nn.LazyLinear(3)
        print(lazy, lazy.weight)
        lazy(torch.ones(2, 4))
        print(lazy, type(lazy).__name__, lazy.weight.shape)
    """)
    assert out == ("LazyLinear(in_features=0, out_features=3, bias=True) <UninitializedParameter>\n"
                   "Linear(in_features=4, out_features=3, bias=True) Linear torch.Size([3, 4])\n")


def test_module_attribute_names_for_dir():
    out = out_of(NET + "names = dir(net)\nprint('fc' in names, 'parameters' in names, '_forward_hooks' in names)\n")
    assert out == "True True False\n"


def test_module_leaves_are_named_by_module_path():
    from core.torch.nn.module import module_leaves
    net = nn.Sequential(nn.Linear(2, 2), nn.ReLU())
    net.add_module("again", net[0])   # shared: named once, by its first path
    leaves = module_leaves({"net": net, "n": 3})
    assert list(leaves) == ["net.0.weight", "net.0.bias"]
    assert leaves["net.0.bias"] is net[0].bias


def test_containers_fed_an_endless_iterator_stop_at_a_limit():
    r = run("import itertools\nimport torch.nn as nn\nnn.ModuleList(itertools.repeat(nn.ReLU()))\n")
    assert r.error is not None and r.error.type == "LimitExceeded"


def test_the_full_backward_pre_hook_points_to_the_full_hook():
    r = run(NET + "net.register_full_backward_pre_hook(print)\n")
    assert r.error.type == "NotImplementedError" and "register_full_backward_hook is" in r.error.message


def test_the_deprecated_module_backward_hook_is_a_hook_of_the_outputs_node():
    # (PyTorch's behaviour and warnings are in the oracle cases nn_module_backward_hook_*)
    out = out_of(NET + """
x = torch.ones(1, 2, requires_grad=True)
seen = []
h = net.fc.register_backward_hook(lambda m, gi, go: seen.append((type(m).__name__, len(gi), len(go))))
net(x).sum().backward()
print(seen)
h.remove()
net(x).sum().backward()
print(len(seen))
""")
    assert out == "[('Linear', 3, 1)]\n1\n"


def test_a_full_backward_hook_replaces_grad_input_and_is_removed_by_its_handle():
    out = out_of(NET + """
x = torch.ones(1, 2, requires_grad=True)
h = net.register_full_backward_hook(lambda m, gi, go: (gi[0] * 0 + 1,))
net(x).sum().backward()
print(x.grad)
h.remove()
x.grad = None
net(x).sum().backward()
print(x.grad.abs().sum() > 0, net(x).grad_fn.name())
""")
    assert out == "tensor([[1., 1.]])\ntensor(True) AddmmBackward0\n"


def test_clip_grad_norm_scales_the_gradients_in_place():
    out = out_of(NET + """
net(torch.ones(1, 2)).sum().backward()
total = nn.utils.clip_grad_norm_(net.parameters(), 0.1)
after = torch.cat([p.grad.flatten() for p in net.parameters()]).norm()
print(total > 0.1, round(after.item(), 4))
""")
    assert out == "tensor(True) 0.1\n"


def test_hooks_on_a_module_whose_inputs_need_no_grad_fire_at_the_outputs_with_pytorchs_warning():
    r = run(NET + """
seen = []
net.register_full_backward_hook(lambda m, gi, go: seen.append((gi, tuple(go[0].shape))))
net(torch.ones(3, 2)).sum().backward()
print(seen)
""")
    assert r.error is None and r.stdout == "[((None,), (3, 2))]\n"
    assert any("Full backward hook is firing when gradients are computed with respect to module outputs" in str(w)
               for w in r.warnings)


def test_legacy_size_average_gives_pytorchs_reduction_and_warning():
    r = run("import torch\nimport torch.nn as nn\n"
            "print(nn.MSELoss(size_average=False)(torch.ones(2), torch.zeros(2)))\n")
    assert r.stdout == "tensor(2.)\n"
    assert any("size_average and reduce args will be deprecated, please use reduction='sum' instead." in str(w)
               for w in r.warnings)
