"""``nn.Sequential``, ``nn.ModuleList``, ``nn.ModuleDict``, ``nn.ParameterList``: PyTorch 2.13's containers."""
from __future__ import annotations

import operator
from collections import OrderedDict

from core.tensor.tensor import Tensor
from core.torch.nn.module import Module, Parameter, _addindent, typename

_SEQ_METHODS = frozenset({"append", "extend", "insert", "pop"})


def _index(idx, size, what):
    idx = operator.index(idx)
    if not -size <= idx < size:
        raise IndexError(f"index {idx} is out of range")
    return idx % size


class Sequential(Module):
    """Modules called in order, each on the previous one's output."""

    _torch_module = "container"
    _bpl_methods = _SEQ_METHODS

    def __init__(self, *args):
        super().__init__()
        if len(args) == 1 and isinstance(args[0], OrderedDict):
            for key, module in args[0].items():
                self.add_module(key, module)
        else:
            for idx, module in enumerate(args):
                self.add_module(str(idx), module)

    def _items(self):
        return list(self.__dict__["_modules"].items())

    def __getitem__(self, idx):
        if isinstance(idx, slice):
            return type(self)(OrderedDict(self._items()[idx]))
        items = self._items()
        return items[_index(idx, len(items), "Sequential")][1]

    def __setitem__(self, idx, module):
        key = self._items()[_index(idx, len(self), "Sequential")][0]
        setattr(self, key, module)

    def __delitem__(self, idx):
        items = self._items()
        keys = [k for k, _ in items[idx]] if isinstance(idx, slice) else [items[_index(idx, len(items), "")][0]]
        for k in keys:
            del self.__dict__["_modules"][k]
        # PyTorch renumbers the remaining modules to preserve numbering
        modules = [m for _, m in self._items()]
        self.__dict__["_modules"] = OrderedDict((str(i), m) for i, m in enumerate(modules))

    def __len__(self):
        return len(self.__dict__["_modules"])

    def __iter__(self):
        return iter(self.__dict__["_modules"].values())

    def append(self, module):
        self.add_module(str(len(self)), module)
        return self

    def insert(self, index, module):
        if not isinstance(module, Module):
            raise AssertionError(f"module should be of type: {Module}")
        n = len(self)
        if not (-n <= index <= n):
            raise IndexError(f"Index out of range: {index}")
        if index < 0:
            index += n
        modules = [m for _, m in self._items()]
        modules.insert(index, module)
        self.__dict__["_modules"] = OrderedDict((str(i), m) for i, m in enumerate(modules))
        return self

    def extend(self, sequential):
        for layer in sequential:
            self.append(layer)
        return self

    def pop(self, key):
        v = self[key]
        del self[key]
        return v

    def forward(self, input):
        for module in self:
            input = module(input)
        return input


class ModuleList(Module):
    """A list of modules, registered as children "0", "1", ...."""

    _torch_module = "container"
    _bpl_methods = _SEQ_METHODS

    def __init__(self, modules=None):
        super().__init__()
        if modules is not None:
            self.extend(modules)

    def __getitem__(self, idx):
        mods = list(self.__dict__["_modules"].values())
        if isinstance(idx, slice):
            return type(self)(mods[idx])
        return mods[_index(idx, len(mods), "ModuleList")]

    def __setitem__(self, idx, module):
        setattr(self, str(_index(idx, len(self), "ModuleList")), module)

    def __delitem__(self, idx):
        mods = list(self.__dict__["_modules"].values())
        if isinstance(idx, slice):
            del mods[idx]
        else:
            del mods[_index(idx, len(mods), "ModuleList")]
        self.__dict__["_modules"] = OrderedDict((str(i), m) for i, m in enumerate(mods))

    def __len__(self):
        return len(self.__dict__["_modules"])

    def __iter__(self):
        return iter(self.__dict__["_modules"].values())

    def __iadd__(self, modules):
        return self.extend(modules)

    def __add__(self, other):
        combined = ModuleList()
        for m in list(self) + list(other):
            combined.append(m)
        return combined

    def append(self, module):
        self.add_module(str(len(self)), module)
        return self

    def extend(self, modules):
        if isinstance(modules, (str, bytes)) or not hasattr(modules, "__iter__"):
            raise TypeError("ModuleList.extend should be called with an iterable, but got " + typename(modules))
        offset = len(self)
        for i, module in enumerate(modules):
            self.add_module(str(offset + i), module)
        return self

    def insert(self, index, module):
        mods = list(self.__dict__["_modules"].values())
        mods.insert(index, module)
        self.__dict__["_modules"] = OrderedDict()
        for i, m in enumerate(mods):
            self.add_module(str(i), m)

    def pop(self, key):
        v = self[key]
        del self[key]
        return v

    def __repr__(self):
        reprs = [repr(m) for m in self]
        if not reprs:
            return self._get_name() + "()"
        blocks = []   # [start, end, text]: runs of equal reprs are printed once
        for i, r in enumerate(reprs):
            if blocks and blocks[-1][2] == r:
                blocks[-1][1] = i
            else:
                blocks.append([i, i, r])
        lines = [_addindent(f"({s}): {r}" if s == e else f"({s}-{e}): {e - s + 1} x {r}", 2) for s, e, r in blocks]
        return self._get_name() + "(\n  " + "\n  ".join(lines) + "\n)"


class ModuleDict(Module):
    """A dict of modules, registered as children under their keys."""

    _torch_module = "container"
    _bpl_methods = frozenset({"keys", "values", "items", "update", "pop", "clear"})

    def __init__(self, modules=None):
        super().__init__()
        if modules is not None:
            self.update(modules)

    def __getitem__(self, key):
        return self.__dict__["_modules"][key]

    def __setitem__(self, key, module):
        self.add_module(key, module)

    def __delitem__(self, key):
        del self.__dict__["_modules"][key]

    def __len__(self):
        return len(self.__dict__["_modules"])

    def __iter__(self):
        return iter(self.__dict__["_modules"])

    def __contains__(self, key):
        return key in self.__dict__["_modules"]

    def keys(self):
        return self.__dict__["_modules"].keys()

    def values(self):
        return self.__dict__["_modules"].values()

    def items(self):
        return self.__dict__["_modules"].items()

    def update(self, modules):
        pairs = modules.items() if isinstance(modules, dict) else modules
        for key, module in pairs:
            self[key] = module

    def pop(self, key):
        v = self[key]
        del self[key]
        return v

    def clear(self):
        self.__dict__["_modules"].clear()


class ParameterList(Module):
    """A list of parameters, registered as "0", "1", ... (tensors become Parameters)."""

    _torch_module = "container"
    _bpl_methods = frozenset({"append", "extend"})

    def __init__(self, values=None):
        super().__init__()
        self.__dict__["_size"] = 0
        if values is not None:
            self.extend(values)

    def __getitem__(self, idx):
        if isinstance(idx, slice):
            return ParameterList([self[i] for i in range(len(self))[idx]])
        return self.__dict__["_parameters"][str(_index(idx, len(self), "ParameterList"))]

    def __setitem__(self, idx, param):
        idx = _index(idx, len(self), "ParameterList")
        if isinstance(param, Tensor) and not isinstance(param, Parameter):
            param = Parameter(param)
        setattr(self, str(idx), param)

    def __len__(self):
        return self.__dict__["_size"]

    def __iter__(self):
        return (self[i] for i in range(len(self)))

    def __iadd__(self, parameters):
        return self.extend(parameters)

    def append(self, value):
        new_idx = len(self)
        self.__dict__["_size"] += 1
        if isinstance(value, Tensor) and not isinstance(value, Parameter):
            value = Parameter(value)
        self.register_parameter(str(new_idx), value)
        return self

    def extend(self, values):
        for v in values:
            self.append(v)
        return self

    def extra_repr(self):
        lines = []
        for k, p in enumerate(self):
            if isinstance(p, Tensor):
                size = "x".join(str(s) for s in p.size())
                kind = "Parameter" if isinstance(p, Parameter) else "Tensor"
                lines.append(f"  ({k}): {kind} containing: [{p.dtype} of size {size}]")
            else:
                lines.append(f"  ({k}): Object of type: {type(p).__name__}")
        return "\n".join(lines)


class ParameterDict(Module):
    """A dict of parameters, registered under their keys (tensors become Parameters)."""

    _torch_module = "container"
    _bpl_methods = frozenset({"keys", "values", "items", "update", "pop", "get", "clear"})

    def __init__(self, parameters=None):
        super().__init__()
        if parameters is not None:
            self.update(parameters)

    def __getitem__(self, key):
        return self.__dict__["_parameters"][key]

    def __setitem__(self, key, value):
        if isinstance(value, Tensor) and not isinstance(value, Parameter):
            value = Parameter(value)
        setattr(self, key, value)

    def __delitem__(self, key):
        del self.__dict__["_parameters"][key]

    def __len__(self):
        return len(self.__dict__["_parameters"])

    def __iter__(self):
        return iter(self.__dict__["_parameters"])

    def __contains__(self, key):
        return key in self.__dict__["_parameters"]

    def keys(self):
        return self.__dict__["_parameters"].keys()

    def values(self):
        return self.__dict__["_parameters"].values()

    def items(self):
        return self.__dict__["_parameters"].items()

    def get(self, key, default=None):
        return self.__dict__["_parameters"].get(key, default)

    def update(self, parameters):
        pairs = parameters.items() if isinstance(parameters, dict) else parameters
        for key, value in pairs:
            self[key] = value

    def pop(self, key):
        v = self[key]
        del self[key]
        return v

    def clear(self):
        self.__dict__["_parameters"].clear()

    def extra_repr(self):
        # NOTE: PyTorch names the dtype by its legacy type here (torch.FloatTensor), not as ParameterList does
        lines = []
        for k, p in self.items():
            size = "x".join(str(s) for s in p.size())
            kind = "Parameter" if isinstance(p, Parameter) else "Tensor"
            lines.append(f"  ({k}): {kind} containing: [{typename(p)} of size {size}]")
        return "\n".join(lines)


for _c in (Sequential, ModuleList, ModuleDict, ParameterList, ParameterDict):   # type(x) prints as PyTorch's class
    _c.__module__ = "torch.nn.modules.container"
