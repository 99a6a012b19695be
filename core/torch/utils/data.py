"""``torch.utils.data``: Dataset, TensorDataset, Subset, random_split, the samplers and DataLoader.

Single-process loading as PyTorch 2.13 does it, random numbers included: each
``iter(loader)`` first draws a 64-bit base seed (``random_()`` of an int64
from the loader's generator, the default one when none is given; PyTorch draws
it for its worker processes even when there are none), and a shuffling
sampler, at its first index, draws another 64-bit seed the same way, seeds a
fresh generator with it and takes ``randperm`` from that; with ``generator=``
the permutation comes from that generator itself.  Batches are collated as
``default_collate`` does: tensors stacked, Python floats as a float64 tensor,
ints as int64, tuples (as lists) and dicts element by element.
"""
from __future__ import annotations

import itertools
import math
import warnings

import numpy as np

from core import dtypes
from core.context import check_shape
from core.tensor.tensor import Tensor
from core.torch import functional as _f
from core.torch.creation import default_generator, tensor as _tensor
from core.torch.random import Generator

_INT64 = np.dtype(np.int64)


def _seed_from(generator) -> int:
    """``torch.empty((), dtype=torch.int64).random_(generator=...)``: one 64-bit draw, as a seed."""
    return int((generator or default_generator).full_range(1, _INT64)[0])


class Dataset:
    """The base of map-style datasets: ``dataset[i]`` and (usually) ``len(dataset)``.

    A program's ``class MyData(Dataset)`` is a plain program class (Dataset adds nothing a
    program needs: DataLoader only calls ``len`` and ``[i]``), hence ``_bpl_plain_base``."""

    _bpl_public = frozenset()
    _bpl_plain_base = True

    def __getitem__(self, index):
        raise NotImplementedError("Subclasses of Dataset should implement __getitem__.")

    def __add__(self, other):
        return ConcatDataset([self, other])


class TensorDataset(Dataset):
    """Samples are the tensors' rows: ``dataset[i] == (t[i] for t in tensors)``."""

    _bpl_public = frozenset({"tensors"})

    def __init__(self, *tensors):
        if any(tensors[0].size(0) != t.size(0) for t in tensors):
            raise AssertionError("Size mismatch between tensors")
        self.tensors = tensors

    def __getitem__(self, index):
        return tuple(t[index] for t in self.tensors)

    def __len__(self):
        return self.tensors[0].size(0)


class Subset(Dataset):
    _bpl_public = frozenset({"dataset", "indices"})

    def __init__(self, dataset, indices):
        self.dataset = dataset
        self.indices = indices

    def __getitem__(self, idx):
        if isinstance(idx, list):
            return self.dataset[[self.indices[i] for i in idx]]
        return self.dataset[self.indices[idx]]

    def __len__(self):
        return len(self.indices)


class ConcatDataset(Dataset):
    _bpl_public = frozenset({"datasets", "cumulative_sizes"})

    def __init__(self, datasets):
        self.datasets = list(datasets)
        if not self.datasets:
            raise AssertionError("datasets should not be an empty iterable")
        self.cumulative_sizes = list(itertools.accumulate(len(d) for d in self.datasets))

    def __len__(self):
        return self.cumulative_sizes[-1]

    def __getitem__(self, idx):
        if idx < 0:
            if -idx > len(self):
                raise ValueError("absolute value of index should not exceed dataset length")
            idx = len(self) + idx
        which = next(i for i, c in enumerate(self.cumulative_sizes) if idx < c)
        start = self.cumulative_sizes[which - 1] if which else 0
        return self.datasets[which][idx - start]


def random_split(dataset, lengths, generator=None):
    """Split into non-overlapping Subsets of the given lengths (or fractions summing to 1),
    by one ``randperm`` of the whole from ``generator`` (the default generator)."""
    lengths = list(lengths)
    if math.isclose(sum(lengths), 1) and sum(lengths) <= 1:
        sizes = []
        for i, frac in enumerate(lengths):
            if frac < 0 or frac > 1:
                raise ValueError(f"Fraction at index {i} is not between 0 and 1")
            sizes.append(math.floor(len(dataset) * frac))
        for i in range(len(dataset) - sum(sizes)):
            sizes[i % len(sizes)] += 1
        lengths = sizes
        for i, length in enumerate(lengths):
            if length == 0:
                warnings.warn(f"Length of split at index {i} is 0. This might result in an empty dataset.",
                              UserWarning, stacklevel=2)
    if sum(lengths) != len(dataset):
        raise ValueError("Sum of input lengths does not equal the length of the input dataset!")
    check_shape((sum(lengths),))
    order = (generator or default_generator).permutation(sum(lengths)).tolist()
    return [Subset(dataset, order[end - n:end]) for end, n in zip(itertools.accumulate(lengths), lengths)]


# ---------------------------------------------------------------------------
# samplers
# ---------------------------------------------------------------------------

class SequentialSampler:
    _bpl_public = frozenset({"data_source"})

    def __init__(self, data_source):
        self.data_source = data_source

    def __iter__(self):
        return iter(range(len(self.data_source)))

    def __len__(self):
        return len(self.data_source)


class RandomSampler:
    """A permutation per pass (see the module docstring for the seeds it draws)."""

    _bpl_public = frozenset({"data_source", "replacement", "generator", "num_samples"})

    def __init__(self, data_source, replacement=False, num_samples=None, generator=None):
        if replacement or num_samples is not None:
            raise NotImplementedError("RandomSampler with replacement or num_samples is not available in "
                                      "Backprop Lens yet")
        self.data_source = data_source
        self.replacement = replacement
        self.generator = generator

    @property
    def num_samples(self):
        return len(self.data_source)

    def __iter__(self):
        n = len(self.data_source)
        check_shape((n,))   # (the permutation is a tensor of n elements in PyTorch: the size limit holds)
        if self.generator is None:
            generator = Generator()
            generator.manual_seed(_seed_from(None))
        else:
            generator = self.generator
        yield from generator.permutation(n).tolist()
        # NOTE: PyTorch then draws one more permutation for the remainder (num_samples % n, empty
        # here) once the pass is used up: numbers taken from a generator the program passed
        generator.permutation(n)

    def __len__(self):
        return self.num_samples


class BatchSampler:
    _bpl_public = frozenset({"sampler", "batch_size", "drop_last"})

    def __init__(self, sampler, batch_size, drop_last):
        if isinstance(batch_size, bool) or not isinstance(batch_size, int) or batch_size <= 0:
            raise ValueError(f"batch_size should be a positive integer value, but got batch_size={batch_size}")
        if not isinstance(drop_last, bool):
            raise ValueError(f"drop_last should be a boolean value, but got drop_last={drop_last}")
        self.sampler, self.batch_size, self.drop_last = sampler, batch_size, drop_last

    def __iter__(self):
        it = iter(self.sampler)
        while True:
            batch = list(itertools.islice(it, self.batch_size))
            if not batch or (self.drop_last and len(batch) < self.batch_size):
                return
            yield batch

    def __len__(self):
        n = len(self.sampler)
        return n // self.batch_size if self.drop_last else (n + self.batch_size - 1) // self.batch_size


# ---------------------------------------------------------------------------
# collation
# ---------------------------------------------------------------------------

def default_collate(batch):
    """A list of samples to one batch: PyTorch's default_collate for the types programs use."""
    first = batch[0]
    if isinstance(first, Tensor):
        if any(t.requires_grad for t in batch):
            return _f.stack(list(batch), 0)
        return Tensor._make(np.stack([np.asarray(t._data) for t in batch]))
    if isinstance(first, np.ndarray):
        return default_collate([Tensor._make(np.array(b)) for b in batch])
    if isinstance(first, bool) or isinstance(first, int):
        return _tensor(list(batch))
    if isinstance(first, float):
        return _tensor(list(batch), dtype=dtypes.float64)
    if isinstance(first, str):
        return list(batch)
    if isinstance(first, dict):
        return {k: default_collate([b[k] for b in batch]) for k in first}
    if isinstance(first, (tuple, list)):
        size = len(first)
        if any(len(b) != size for b in batch):
            raise RuntimeError("each element in list of batch should be of equal size")
        # NOTE: a tuple of columns comes back as a list, as PyTorch's does
        return [default_collate(list(col)) for col in zip(*batch)]
    raise TypeError("default_collate: batch must contain tensors, numpy arrays, numbers, dicts or lists; "
                    f"found {type(first).__name__}")


def default_convert(data):
    if isinstance(data, np.ndarray):
        return Tensor._make(np.array(data))
    return data


# ---------------------------------------------------------------------------
# the loader
# ---------------------------------------------------------------------------

class DataLoader:
    """Batches of a dataset, in order or shuffled (in the program's own process)."""

    _bpl_public = frozenset({"dataset", "batch_size", "drop_last", "sampler", "batch_sampler", "generator",
                             "collate_fn", "num_workers"})

    def __init__(self, dataset, batch_size=1, shuffle=None, sampler=None, batch_sampler=None, num_workers=0,
                 collate_fn=None, pin_memory=False, drop_last=False, timeout=0, worker_init_fn=None,
                 multiprocessing_context=None, generator=None, *, prefetch_factor=None, persistent_workers=False,
                 pin_memory_device="", in_order=True):
        if num_workers < 0:
            raise ValueError("num_workers option should be non-negative; use num_workers=0 to disable "
                             "multiprocessing.")
        # NOTE: worker processes would load the same batches in the same order (the seeds are drawn
        # here either way), so num_workers > 0 loads in the program's own process, as with 0
        if sampler is not None and shuffle:
            raise ValueError("sampler option is mutually exclusive with shuffle")
        if batch_sampler is not None:
            if batch_size != 1 or shuffle or sampler is not None or drop_last:
                raise ValueError("batch_sampler option is mutually exclusive with batch_size, shuffle, sampler, "
                                 "and drop_last")
            batch_size, drop_last = None, False
        elif batch_size is None and drop_last:
            raise ValueError("batch_size=None option disables auto-batching and is mutually exclusive with "
                             "drop_last")
        if sampler is None:
            sampler = RandomSampler(dataset, generator=generator) if shuffle else SequentialSampler(dataset)
        if batch_size is not None and batch_sampler is None:
            batch_sampler = BatchSampler(sampler, batch_size, drop_last)
        self.dataset, self.batch_size, self.drop_last = dataset, batch_size, drop_last
        self.sampler, self.batch_sampler, self.generator = sampler, batch_sampler, generator
        self.num_workers = num_workers
        self.collate_fn = collate_fn if collate_fn is not None else (
            default_collate if batch_sampler is not None else default_convert)

    def __iter__(self):
        return _LoaderIter(self)

    def __len__(self):
        return len(self.batch_sampler if self.batch_sampler is not None else self.sampler)


class _LoaderIter:
    """``iter(loader)``: the base seed drawn now, the sampler's numbers at the first batch."""

    _bpl_public = frozenset()

    def __init__(self, loader):
        self._loader = loader
        self._indices = iter(loader.batch_sampler if loader.batch_sampler is not None else loader.sampler)
        self._base_seed = _seed_from(loader.generator)

    def __iter__(self):
        return self

    def __next__(self):
        loader = self._loader
        index = next(self._indices)
        if loader.batch_sampler is None:
            return loader.collate_fn(loader.dataset[index])
        dataset = loader.dataset
        if type(dataset) is TensorDataset and loader.collate_fn is default_collate and \
                not any(t.requires_grad for t in dataset.tensors):
            # the rows gathered at once: the same numbers as stacking each sample's rows
            rows = np.asarray(index, dtype=np.int64)
            return [Tensor._make(np.asarray(t._data)[rows]) for t in dataset.tensors]
        return loader.collate_fn([dataset[i] for i in index])

    def __len__(self):
        return len(self._loader)


__all__ = ["Dataset", "TensorDataset", "Subset", "ConcatDataset", "random_split", "DataLoader",
           "SequentialSampler", "RandomSampler", "BatchSampler", "default_collate", "default_convert"]
