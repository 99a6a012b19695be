"""PyTorch 2.13"s signatures of the torch functions and Tensor methods programs call.

In PyTorch"s own printed notation (what its TypeErrors list after "expected one
of:"), one entry per name, its overloads in PyTorch"s order; :mod:`core.torch.
arguments` checks every call against them (see there).  Two marks of ours:

- ``tuple of ints? dim``: None is accepted though no default is shown
  (``int[1]? dim`` in PyTorch"s schema: ``x.sum(None)``);
- ``"!"``: PyTorch has more overloads than it lists (named-tensor or deprecated
  ones, never matched here); with it the errors take the several-overload form.

``None`` (methods): bound without a parser, ``x.abs(1)`` is CPython"s "takes no
arguments".  A method"s signatures are the function"s without ``input`` and
``out``.  Drafted from PyTorch"s own listings (``torch.sum()`` prints them) and
schemas (``torch._C._jit_get_schemas_for_operator``), then checked by
tests/core/test_arg_errors.py against errors recorded from PyTorch.
"""

FUNCTIONS = {
    "angle": ("(Tensor input, *, Tensor out = None)",),
    "complex": ("(Tensor real, Tensor imag, *, Tensor out = None)",),
    "conj": ("(Tensor input)",),
    "imag": ("(Tensor input)",),
    "polar": ("(Tensor abs, Tensor angle, *, Tensor out = None)",),
    "real": ("(Tensor input)",),
    "resolve_conj": ("(Tensor input)",),
    "sgn": ("(Tensor input, *, Tensor out = None)",),
    "view_as_complex": ("(Tensor input)",),
    "view_as_real": ("(Tensor input)",),
    "abs": ("(Tensor input, *, Tensor out = None)",),
    "absolute": ("(Tensor input, *, Tensor out = None)",),
    "acos": ("(Tensor input, *, Tensor out = None)",),
    "adaptive_avg_pool1d": ("(Tensor input, tuple of ints output_size)",),
    "add": ("(Tensor input, Tensor other, *, Number alpha = 1, Tensor out = None)", "!"),
    "addmm": (
        "(Tensor input, Tensor mat1, Tensor mat2, *, Number beta = 1, Number alpha = 1, Tensor out = None)",
        "(Tensor input, Tensor mat1, Tensor mat2, torch.dtype out_dtype, *, Number beta = 1, Number alpha = 1, "
        "Tensor out = None)",
    ),
    "all": (
        "(Tensor input, *, Tensor out = None)",
        "(Tensor input, tuple of ints dim = None, bool keepdim = False, *, Tensor out = None)",
        "(Tensor input, int dim, bool keepdim = False, *, Tensor out = None)",
    ),
    "allclose": (
        "(Tensor input, Tensor other, float rtol = 1.0000000000000001e-05, float atol = 1e-08, "
        "bool equal_nan = False)",
    ),
    "amax": ("(Tensor input, tuple of ints dim = None, bool keepdim = False, *, Tensor out = None)",),
    "amin": ("(Tensor input, tuple of ints dim = None, bool keepdim = False, *, Tensor out = None)",),
    "any": (
        "(Tensor input, *, Tensor out = None)",
        "(Tensor input, tuple of ints dim = None, bool keepdim = False, *, Tensor out = None)",
        "(Tensor input, int dim, bool keepdim = False, *, Tensor out = None)",
    ),
    "arange": (
        "(Number end, *, Tensor out = None, torch.dtype dtype = None, torch.layout layout = None, "
        "torch.device device = None, bool pin_memory = False, bool requires_grad = False)",
        "(Number start, Number end, *, torch.dtype dtype = None, torch.layout layout = None, "
        "torch.device device = None, bool pin_memory = False, bool requires_grad = False)",
        "(Number start, Number end, Number step = 1, *, Tensor out = None, torch.dtype dtype = None, "
        "torch.layout layout = None, torch.device device = None, bool pin_memory = False, "
        "bool requires_grad = False)",
    ),
    "arccos": ("(Tensor input, *, Tensor out = None)",),
    "arcsin": ("(Tensor input, *, Tensor out = None)",),
    "arctan": ("(Tensor input, *, Tensor out = None)",),
    "argmax": ("(Tensor input, int dim = None, bool keepdim = False, *, Tensor out = None)",),
    "argmin": ("(Tensor input, int dim = None, bool keepdim = False, *, Tensor out = None)",),
    "argwhere": ("(Tensor input)",),
    "det": ("(Tensor input)",),
    "cross": ("(Tensor input, Tensor other, int dim = None, *, Tensor out = None)",),
    "inverse": ("(Tensor input, *, Tensor out = None)",),
    "matrix_power": ("(Tensor input, int n, *, Tensor out = None)",),
    "as_tensor": ("(object data, *, torch.dtype dtype = None, torch.device device = None)",),
    "asin": ("(Tensor input, *, Tensor out = None)",),
    "atan": ("(Tensor input, *, Tensor out = None)",),
    "avg_pool1d": (
        "(Tensor input, tuple of ints kernel_size, tuple of ints stride = None, tuple of ints padding = 0, "
        "bool ceil_mode = False, bool count_include_pad = True)",
    ),
    "bernoulli": (
        "(Tensor input, *, torch.Generator generator = None, Tensor out = None)",
        "(Tensor input, float p, *, torch.Generator generator = None)",
    ),
    "binary_cross_entropy_with_logits": (
        "(Tensor input, Tensor target, Tensor weight = None, Tensor pos_weight = None, int reduction = 1)",
    ),
    "bmm": (
        "(Tensor input, Tensor mat2, *, Tensor out = None)",
        "(Tensor input, Tensor mat2, torch.dtype out_dtype, *, Tensor out = None)",
    ),
    "cat": ("(tuple of Tensors tensors, int dim = 0, *, Tensor out = None)",),
    "ceil": ("(Tensor input, *, Tensor out = None)",),
    "celu": ("(Tensor input, Number alpha = 1.)",),
    "chunk": ("(Tensor input, int chunks, int dim = 0)",),
    "clamp": (
        "(Tensor input, Tensor min = None, Tensor max = None, *, Tensor out = None)",
        "(Tensor input, Number min = None, Number max = None, *, Tensor out = None)",
    ),
    "clamp_max": (
        "(Tensor input, Tensor max, *, Tensor out = None)",
        "(Tensor input, Number max, *, Tensor out = None)",
    ),
    "clamp_min": (
        "(Tensor input, Tensor min, *, Tensor out = None)",
        "(Tensor input, Number min, *, Tensor out = None)",
    ),
    "clip": (
        "(Tensor input, Tensor min = None, Tensor max = None, *, Tensor out = None)",
        "(Tensor input, Number min = None, Number max = None, *, Tensor out = None)",
    ),
    "clone": ("(Tensor input, *, torch.memory_format memory_format = None)",),
    "concat": ("(tuple of Tensors tensors, int dim = 0, *, Tensor out = None)",),
    "concatenate": ("(tuple of Tensors tensors, int dim = 0, *, Tensor out = None)",),
    "conv1d": (
        "(Tensor input, Tensor weight, Tensor bias = None, tuple of ints stride = 1, tuple of ints padding = 0, "
        "tuple of ints dilation = 1, int groups = 1)",
        '(Tensor input, Tensor weight, Tensor bias = None, tuple of ints stride = 1, str padding = "valid", '
        "tuple of ints dilation = 1, int groups = 1)",
    ),
    "conv2d": (
        "(Tensor input, Tensor weight, Tensor bias = None, tuple of ints stride = 1, tuple of ints padding = 0, "
        "tuple of ints dilation = 1, int groups = 1)",
        '(Tensor input, Tensor weight, Tensor bias = None, tuple of ints stride = 1, str padding = "valid", '
        "tuple of ints dilation = 1, int groups = 1)",
    ),
    "conv_transpose1d": (
        "(Tensor input, Tensor weight, Tensor bias = None, tuple of ints stride = 1, tuple of ints padding = 0, "
        "tuple of ints output_padding = 0, int groups = 1, tuple of ints dilation = 1)",
    ),
    "conv_transpose2d": (
        "(Tensor input, Tensor weight, Tensor bias = None, tuple of ints stride = 1, tuple of ints padding = 0, "
        "tuple of ints output_padding = 0, int groups = 1, tuple of ints dilation = 1)",
    ),
    "cos": ("(Tensor input, *, Tensor out = None)",),
    "count_nonzero": ("(Tensor input, int dim = None)", "(Tensor input, tuple of ints dim)"),
    "cumsum": ("(Tensor input, int dim, *, torch.dtype dtype = None, Tensor out = None)",),
    "cumprod": ("(Tensor input, int dim, *, torch.dtype dtype = None, Tensor out = None)",),
    "cummax": ("(Tensor input, int dim, *, tuple of Tensors out = None)",),
    "cummin": ("(Tensor input, int dim, *, tuple of Tensors out = None)",),
    "sort": (
        "(Tensor input, *, bool stable, int dim = -1, bool descending = False, tuple of Tensors out = None)",
        "(Tensor input, int dim = -1, bool descending = False, *, tuple of Tensors out = None)",
    ),
    "topk": ("(Tensor input, int k, int dim = -1, bool largest = True, bool sorted = True, *, "
             "tuple of Tensors out = None)",),
    "median": ("(Tensor input)", "(Tensor input, int dim, bool keepdim = False, *, tuple of Tensors out = None)"),
    "trace": ("(Tensor input)",),
    "kthvalue": ("(Tensor input, int k, int dim = -1, bool keepdim = False, *, tuple of Tensors out = None)",),
    "mode": ("(Tensor input, int dim = -1, bool keepdim = False, *, tuple of Tensors out = None)",),
    "dist": ("(Tensor input, Tensor other, Number p = 2)",),
    "div": (
        "(Tensor input, Tensor other, *, Tensor out = None)",
        "(Tensor input, Tensor other, *, str rounding_mode, Tensor out = None)",
        "(Tensor input, Number other, *, str rounding_mode)",
    ),
    "divide": (
        "(Tensor input, Tensor other, *, Tensor out = None)",
        "(Tensor input, Tensor other, *, str rounding_mode, Tensor out = None)",
        "(Tensor input, Number other)",
        "(Tensor input, Number other, *, str rounding_mode)",
    ),
    "dot": ("(Tensor input, Tensor tensor, *, Tensor out = None)",),
    "dropout": ("(Tensor input, float p, bool train)",),
    "empty": (
        "(tuple of ints size, *, torch.memory_format memory_format = None, Tensor out = None, "
        "torch.dtype dtype = None, torch.layout layout = None, torch.device device = None, "
        "bool pin_memory = False, bool requires_grad = False)",
    ),
    "empty_like": (
        "(Tensor input, *, torch.dtype dtype = None, torch.layout layout = None, torch.device device = None, "
        "bool pin_memory = None, torch.memory_format memory_format = None, bool requires_grad = False)",
    ),
    "eq": (
        "(Tensor input, Tensor other, *, Tensor out = None)",
        "(Tensor input, Number other, *, Tensor out = None)",
    ),
    "equal": ("(Tensor input, Tensor other)",),
    "erf": ("(Tensor input, *, Tensor out = None)",),
    "exp": ("(Tensor input, *, Tensor out = None)",),
    "eye": (
        "(int n, *, Tensor out = None, torch.dtype dtype = None, torch.layout layout = None, "
        "torch.device device = None, bool pin_memory = False, bool requires_grad = False)",
        "(int n, int m, *, Tensor out = None, torch.dtype dtype = None, torch.layout layout = None, "
        "torch.device device = None, bool pin_memory = False, bool requires_grad = False)",
    ),
    "flatten": ("(Tensor input, int start_dim = 0, int end_dim = -1)",),
    "floor": ("(Tensor input, *, Tensor out = None)",),
    "floor_divide": ("(Tensor input, Tensor other, *, Tensor out = None)", "(Tensor input, Number other)"),
    "fmod": (
        "(Tensor input, Tensor other, *, Tensor out = None)",
        "(Tensor input, Number other, *, Tensor out = None)",
    ),
    "full": (
        "(tuple of ints size, Number fill_value, *, Tensor out = None, torch.dtype dtype = None, "
        "torch.layout layout = None, torch.device device = None, bool pin_memory = False, "
        "bool requires_grad = False)",
    ),
    "full_like": (
        "(Tensor input, Number fill_value, *, torch.dtype dtype = None, torch.layout layout = None, "
        "torch.device device = None, bool pin_memory = None, torch.memory_format memory_format = None, "
        "bool requires_grad = False)",
    ),
    "gather": ("(Tensor input, int dim, Tensor index, *, bool sparse_grad = False, Tensor out = None)",),
    "ge": (
        "(Tensor input, Tensor other, *, Tensor out = None)",
        "(Tensor input, Number other, *, Tensor out = None)",
    ),
    "gt": (
        "(Tensor input, Tensor other, *, Tensor out = None)",
        "(Tensor input, Number other, *, Tensor out = None)",
    ),
    "index_select": ("(Tensor input, int dim, Tensor index, *, Tensor out = None)",),
    "is_floating_point": ("(Tensor input)",),
    "isclose": (
        "(Tensor input, Tensor other, float rtol = 1.0000000000000001e-05, float atol = 1e-08, "
        "bool equal_nan = False)",
    ),
    "isinf": ("(Tensor input)",),
    "isnan": ("(Tensor input)",),
    "kl_div": ("(Tensor input, Tensor target, int reduction = 1, *, bool log_target = False)",),
    "layer_norm": (
        "(Tensor input, tuple of ints normalized_shape, Tensor weight = None, Tensor bias = None, "
        "float eps = 1.0000000000000001e-05, bool cudnn_enable = True)",
    ),
    "le": (
        "(Tensor input, Tensor other, *, Tensor out = None)",
        "(Tensor input, Number other, *, Tensor out = None)",
    ),
    "logspace": (
        "(Tensor start, Tensor end, int steps, float base = 10.0, *, Tensor out = None, torch.dtype dtype = None, "
        "torch.layout layout = None, torch.device device = None, bool pin_memory = False, "
        "bool requires_grad = False)",
        "(Number start, Tensor end, int steps, float base = 10.0, *, Tensor out = None, torch.dtype dtype = None, "
        "torch.layout layout = None, torch.device device = None, bool pin_memory = False, "
        "bool requires_grad = False)",
        "(Tensor start, Number end, int steps, float base = 10.0, *, Tensor out = None, torch.dtype dtype = None, "
        "torch.layout layout = None, torch.device device = None, bool pin_memory = False, "
        "bool requires_grad = False)",
        "(Number start, Number end, int steps, float base = 10.0, *, Tensor out = None, torch.dtype dtype = None, "
        "torch.layout layout = None, torch.device device = None, bool pin_memory = False, "
        "bool requires_grad = False)",
    ),
    "linspace": (
        "(Tensor start, Tensor end, int steps, *, Tensor out = None, torch.dtype dtype = None, "
        "torch.layout layout = None, torch.device device = None, bool pin_memory = False, "
        "bool requires_grad = False)",
        "(Number start, Tensor end, int steps, *, Tensor out = None, torch.dtype dtype = None, "
        "torch.layout layout = None, torch.device device = None, bool pin_memory = False, "
        "bool requires_grad = False)",
        "(Tensor start, Number end, int steps, *, Tensor out = None, torch.dtype dtype = None, "
        "torch.layout layout = None, torch.device device = None, bool pin_memory = False, "
        "bool requires_grad = False)",
        "(Number start, Number end, int steps, *, Tensor out = None, torch.dtype dtype = None, "
        "torch.layout layout = None, torch.device device = None, bool pin_memory = False, "
        "bool requires_grad = False)",
    ),
    "log": ("(Tensor input, *, Tensor out = None)",),
    "log10": ("(Tensor input, *, Tensor out = None)",),
    "log2": ("(Tensor input, *, Tensor out = None)",),
    "log_softmax": ("(Tensor input, int dim, torch.dtype dtype = None, *, Tensor out = None)",),
    "logical_and": ("(Tensor input, Tensor other, *, Tensor out = None)",),
    "logical_not": ("(Tensor input, *, Tensor out = None)",),
    "logical_or": ("(Tensor input, Tensor other, *, Tensor out = None)",),
    "logical_xor": ("(Tensor input, Tensor other, *, Tensor out = None)",),
    "lt": (
        "(Tensor input, Tensor other, *, Tensor out = None)",
        "(Tensor input, Number other, *, Tensor out = None)",
    ),
    "matmul": ("(Tensor input, Tensor other, *, Tensor out = None)",),
    "max": (
        "(Tensor input, *, Tensor out = None)",
        "(Tensor input, Tensor other, *, Tensor out = None)",
        "(Tensor input, int dim, bool keepdim = False, *, tuple of Tensors out = None)",
    ),
    "max_pool1d": (
        "(Tensor input, tuple of ints kernel_size, tuple of ints stride = None, tuple of ints padding = 0, "
        "tuple of ints dilation = 1, bool ceil_mode = False)",
    ),
    "max_pool2d": (
        "(Tensor input, tuple of ints kernel_size, tuple of ints stride = None, tuple of ints padding = 0, "
        "tuple of ints dilation = 1, bool ceil_mode = False)",
    ),
    "maximum": ("(Tensor input, Tensor other, *, Tensor out = None)",),
    "mean": (
        "(Tensor input, *, torch.dtype dtype = None, Tensor out = None)",
        "(Tensor input, tuple of ints? dim, bool keepdim = False, *, torch.dtype dtype = None, Tensor out = None)",
    ),
    "min": (
        "(Tensor input, *, Tensor out = None)",
        "(Tensor input, Tensor other, *, Tensor out = None)",
        "(Tensor input, int dim, bool keepdim = False, *, tuple of Tensors out = None)",
    ),
    "minimum": ("(Tensor input, Tensor other, *, Tensor out = None)",),
    "mm": (
        "(Tensor input, Tensor mat2, *, Tensor out = None)",
        "(Tensor input, Tensor mat2, torch.dtype out_dtype, *, Tensor out = None)",
    ),
    "mul": ("(Tensor input, Tensor other, *, Tensor out = None)",),
    "multiply": ("(Tensor input, Tensor other, *, Tensor out = None)", "(Tensor input, Number other)"),
    "mv": ("(Tensor input, Tensor vec, *, Tensor out = None)",),
    "narrow": ("(Tensor input, int dim, Tensor start, int length)", "(Tensor input, int dim, int start, int length)"),
    "ne": (
        "(Tensor input, Tensor other, *, Tensor out = None)",
        "(Tensor input, Number other, *, Tensor out = None)",
    ),
    "neg": ("(Tensor input, *, Tensor out = None)",),
    "negative": ("(Tensor input, *, Tensor out = None)",),
    "nonzero": ("(Tensor input, *, bool as_tuple = False, Tensor out = None)",),
    "normal": (
        "(Tensor mean, Tensor std, *, torch.Generator generator = None, Tensor out = None)",
        "(Tensor mean, float std = 1, *, torch.Generator generator = None, Tensor out = None)",
        "(float mean, Tensor std, *, torch.Generator generator = None, Tensor out = None)",
        "(float mean, float std, tuple of ints size, *, torch.Generator generator = None, Tensor out = None, "
        "torch.dtype dtype = None, torch.layout layout = None, torch.device device = None, "
        "bool pin_memory = False, bool requires_grad = False)",
    ),
    "numel": ("(Tensor input)",),
    "ones": (
        "(tuple of ints size, *, Tensor out = None, torch.dtype dtype = None, torch.layout layout = None, "
        "torch.device device = None, bool pin_memory = False, bool requires_grad = False)",
    ),
    "ones_like": (
        "(Tensor input, *, torch.dtype dtype = None, torch.layout layout = None, torch.device device = None, "
        "bool pin_memory = None, torch.memory_format memory_format = None, bool requires_grad = False)",
    ),
    "outer": ("(Tensor input, Tensor vec2, *, Tensor out = None)",),
    "flip": ("(Tensor input, tuple of ints dims)",),
    "kron": ("(Tensor input, Tensor other, *, Tensor out = None)",),
    "multinomial": ("(Tensor input, int num_samples, bool replacement = False, *, torch.Generator generator = None, "
                    "Tensor out = None)",),
    "bincount": ("(Tensor input, Tensor weights = None, int minlength = 0)",),
    "histc": ("(Tensor input, int bins = 100, Number min = 0, Number max = 0, *, Tensor out = None)",),
    "bucketize": (
        "(Tensor input, Tensor boundaries, *, bool out_int32 = False, bool right = False, Tensor out = None)",
        "(Number self, Tensor boundaries, *, bool out_int32 = False, bool right = False)",
    ),
    "searchsorted": (
        "(Tensor sorted_sequence, Tensor input, *, bool out_int32 = False, bool right = False, str side = None, "
        "Tensor sorter = None, Tensor out = None)",
        "(Tensor sorted_sequence, Number self, *, bool out_int32 = False, bool right = False, str side = None, "
        "Tensor sorter = None, Tensor out = None)",
    ),
    "rot90": ("(Tensor input, int k = 1, tuple of ints dims = {0,1})",),
    "fliplr": ("(Tensor input)",),
    "flipud": ("(Tensor input)",),
    "permute": ("(Tensor input, tuple of ints dims)",),
    "pow": (
        "(Tensor input, Tensor exponent, *, Tensor out = None)",
        "(Number self, Tensor exponent, *, Tensor out = None)",
        "(Tensor input, Number exponent, *, Tensor out = None)",
    ),
    "prelu": ("(Tensor input, Tensor weight)",),
    "prod": (
        "(Tensor input, *, torch.dtype dtype = None)",
        "(Tensor input, int dim, bool keepdim = False, *, torch.dtype dtype = None, Tensor out = None)",
    ),
    "rand": (
        "(tuple of ints size, *, torch.Generator generator, Tensor out = None, torch.dtype dtype = None, "
        "torch.layout layout = None, torch.device device = None, bool pin_memory = False, "
        "bool requires_grad = False)",
        "(tuple of ints size, *, Tensor out = None, torch.dtype dtype = None, torch.layout layout = None, "
        "torch.device device = None, bool pin_memory = False, bool requires_grad = False)",
    ),
    "rand_like": (
        "(Tensor input, *, torch.Generator generator, torch.memory_format memory_format = None, "
        "torch.dtype dtype = None, torch.layout layout = None, torch.device device = None, "
        "bool pin_memory = False, bool requires_grad = False)",
        "(Tensor input, *, torch.memory_format memory_format = None, torch.dtype dtype = None, "
        "torch.layout layout = None, torch.device device = None, bool pin_memory = False, "
        "bool requires_grad = False)",
    ),
    "randint": (
        "(int high, tuple of ints size, *, torch.Generator generator, Tensor out = None, torch.dtype dtype = None, "
        "torch.layout layout = None, torch.device device = None, bool pin_memory = False, "
        "bool requires_grad = False)",
        "(int high, tuple of ints size, *, Tensor out = None, torch.dtype dtype = None, "
        "torch.layout layout = None, torch.device device = None, bool pin_memory = False, "
        "bool requires_grad = False)",
        "(int low, int high, tuple of ints size, *, torch.Generator generator, Tensor out = None, "
        "torch.dtype dtype = None, torch.layout layout = None, torch.device device = None, "
        "bool pin_memory = False, bool requires_grad = False)",
        "(int low, int high, tuple of ints size, *, Tensor out = None, torch.dtype dtype = None, "
        "torch.layout layout = None, torch.device device = None, bool pin_memory = False, "
        "bool requires_grad = False)",
    ),
    "randn": (
        "(tuple of ints size, *, torch.Generator generator, Tensor out = None, torch.dtype dtype = None, "
        "torch.layout layout = None, torch.device device = None, bool pin_memory = False, "
        "bool requires_grad = False)",
        "(tuple of ints size, *, Tensor out = None, torch.dtype dtype = None, torch.layout layout = None, "
        "torch.device device = None, bool pin_memory = False, bool requires_grad = False)",
    ),
    "randn_like": (
        "(Tensor input, *, torch.Generator generator, torch.memory_format memory_format = None, "
        "torch.dtype dtype = None, torch.layout layout = None, torch.device device = None, "
        "bool pin_memory = False, bool requires_grad = False)",
        "(Tensor input, *, torch.memory_format memory_format = None, torch.dtype dtype = None, "
        "torch.layout layout = None, torch.device device = None, bool pin_memory = False, "
        "bool requires_grad = False)",
    ),
    "randperm": (
        "(int n, *, torch.Generator generator, Tensor out = None, torch.dtype dtype = None, "
        "torch.layout layout = None, torch.device device = None, bool pin_memory = False, "
        "bool requires_grad = False)",
        "(int n, *, Tensor out = None, torch.dtype dtype = None, torch.layout layout = None, "
        "torch.device device = None, bool pin_memory = False, bool requires_grad = False)",
    ),
    "reciprocal": ("(Tensor input, *, Tensor out = None)",),
    "relu": ("(Tensor input)",),
    "remainder": (
        "(Tensor input, Tensor other, *, Tensor out = None)",
        "(Number self, Tensor other)",
        "(Tensor input, Number other, *, Tensor out = None)",
    ),
    "reshape": ("(Tensor input, tuple of ints shape)",),
    "round": ("(Tensor input, *, Tensor out = None)", "(Tensor input, *, int decimals, Tensor out = None)"),
    "rsqrt": ("(Tensor input, *, Tensor out = None)",),
    "select": ("(Tensor input, int dim, int index)",),
    "selu": ("(Tensor input)",),
    "sigmoid": ("(Tensor input, *, Tensor out = None)",),
    "sign": ("(Tensor input, *, Tensor out = None)",),
    "sin": ("(Tensor input, *, Tensor out = None)",),
    "softmax": ("(Tensor input, int dim, torch.dtype dtype = None, *, Tensor out = None)",),
    "sqrt": ("(Tensor input, *, Tensor out = None)",),
    "square": ("(Tensor input, *, Tensor out = None)",),
    "squeeze": ("(Tensor input)", "(Tensor input, int dim)", "(Tensor input, tuple of ints dim)"),
    "stack": ("(tuple of Tensors tensors, int dim = 0, *, Tensor out = None)",),
    "std_mean": (
        "(Tensor input, tuple of ints? dim, bool unbiased = True, bool keepdim = False)",
        "(Tensor input, tuple of ints dim = None, *, Number correction = None, bool keepdim = False)",
        "(Tensor input, bool unbiased = True)",
    ),
    "svd": ("(Tensor input, bool some = True, bool compute_uv = True, *, tuple of Tensors out = None)",),
    "var_mean": (
        "(Tensor input, tuple of ints? dim, bool unbiased = True, bool keepdim = False)",
        "(Tensor input, tuple of ints dim = None, *, Number correction = None, bool keepdim = False)",
        "(Tensor input, bool unbiased = True)",
    ),
    "std": (
        "(Tensor input, tuple of ints? dim, bool unbiased = True, bool keepdim = False, *, Tensor out = None)",
        "(Tensor input, tuple of ints dim = None, *, Number correction = None, bool keepdim = False, "
        "Tensor out = None)",
        "(Tensor input, bool unbiased = True)",
    ),
    "sub": ("(Tensor input, Tensor other, *, Number alpha = 1, Tensor out = None)", "!"),
    "subtract": (
        "(Tensor input, Tensor other, *, Number alpha = 1, Tensor out = None)",
        "(Tensor input, Number other, Number alpha = 1)",
    ),
    "sum": (
        "(Tensor input, *, torch.dtype dtype = None)",
        "(Tensor input, tuple of ints? dim, bool keepdim = False, *, torch.dtype dtype = None, Tensor out = None)",
    ),
    "swapaxes": ("(Tensor input, int axis0, int axis1)",),
    "t": ("(Tensor input)",),
    "tan": ("(Tensor input, *, Tensor out = None)",),
    "tanh": ("(Tensor input, *, Tensor out = None)",),
    "tensor": (
        "(object data, *, torch.dtype dtype = None, torch.device device = None, bool pin_memory = False, "
        "bool requires_grad = False)",
    ),
    "transpose": ("(Tensor input, int dim0, int dim1)",),
    "true_divide": ("(Tensor input, Tensor other, *, Tensor out = None)", "(Tensor input, Number other)"),
    "trunc": ("(Tensor input, *, Tensor out = None)",),
    "unbind": ("(Tensor input, int dim = 0)",),
    "unsqueeze": ("(Tensor input, int dim)",),
    "var": (
        "(Tensor input, tuple of ints? dim, bool unbiased = True, bool keepdim = False, *, Tensor out = None)",
        "(Tensor input, tuple of ints dim = None, *, Number correction = None, bool keepdim = False, "
        "Tensor out = None)",
        "(Tensor input, bool unbiased = True)",
    ),
    "where": (
        "(Tensor condition)",
        "(Tensor condition, Tensor input, Tensor other, *, Tensor out = None)",
        "(Tensor condition, Number self, Tensor other)",
        "(Tensor condition, Tensor input, Number other)",
        "(Tensor condition, Number self, Number other)",
    ),
    "zeros": (
        "(tuple of ints size, *, Tensor out = None, torch.dtype dtype = None, torch.layout layout = None, "
        "torch.device device = None, bool pin_memory = False, bool requires_grad = False)",
    ),
    "zeros_like": (
        "(Tensor input, *, torch.dtype dtype = None, torch.layout layout = None, torch.device device = None, "
        "bool pin_memory = None, torch.memory_format memory_format = None, bool requires_grad = False)",
    ),
}

# torch.nn.functional's functions that PyTorch binds in C++ (torch._C._nn): checked where programs call them
# (core.interp.sandbox); core's own calls (nn.Linear's forward) go to the unchecked ones
NN_FUNCTIONS = {
    "linear": ("(Tensor input, Tensor weight, Tensor bias = None)",),
}

METHODS = {
    "angle": None,
    "conj": None,
    "is_complex": None,
    "resolve_conj": None,
    "sgn": None,
    "abs": None,
    "abs_": None,
    "absolute": None,
    "acos": None,
    "acos_": None,
    "add": ("(Tensor other, *, Number alpha = 1)", "!"),
    "add_": ("(Tensor other, *, Number alpha = 1)", "!"),
    "addmm": ("(Tensor mat1, Tensor mat2, *, Number beta = 1, Number alpha = 1)", "!"),
    "all": ("()", "(tuple of ints dim = None, bool keepdim = False)", "(int dim, bool keepdim = False)"),
    "allclose": ("(Tensor other, float rtol = 1.0000000000000001e-05, float atol = 1e-08, bool equal_nan = False)",),
    "amax": ("(tuple of ints dim = None, bool keepdim = False)",),
    "amin": ("(tuple of ints dim = None, bool keepdim = False)",),
    "any": ("()", "(tuple of ints dim = None, bool keepdim = False)", "(int dim, bool keepdim = False)"),
    "arccos": None,
    "arcsin": None,
    "arctan": None,
    "argmax": ("(int dim = None, bool keepdim = False)",),
    "argmin": ("(int dim = None, bool keepdim = False)",),
    "argwhere": None,
    "asin": None,
    "asin_": None,
    "atan": None,
    "atan_": None,
    "bernoulli": ("(*, torch.Generator generator = None)", "(float p, *, torch.Generator generator = None)"),
    "bernoulli_": (
        "(Tensor p, *, torch.Generator generator = None)",
        "(float p = 0.5, *, torch.Generator generator = None)",
    ),
    "bmm": ("(Tensor mat2)",),
    "bool": ("(*, torch.memory_format? memory_format = torch.preserve_format)",),
    "byte": ("(*, torch.memory_format? memory_format = torch.preserve_format)",),
    "ceil": None,
    "ceil_": None,
    "char": ("(*, torch.memory_format? memory_format = torch.preserve_format)",),
    "chunk": ("(int chunks, int dim = 0)",),
    "clamp": ("(Tensor min = None, Tensor max = None)", "(Number min = None, Number max = None)"),
    "clamp_": ("(Tensor min = None, Tensor max = None)", "(Number min = None, Number max = None)"),
    "clamp_max": ("(Tensor max)", "(Number max)"),
    "clamp_max_": ("(Tensor max)", "(Number max)"),
    "clamp_min": ("(Tensor min)", "(Number min)"),
    "clamp_min_": ("(Tensor min)", "(Number min)"),
    "clip": ("(Tensor min = None, Tensor max = None)", "(Number min = None, Number max = None)"),
    "clip_": ("(Tensor min = None, Tensor max = None)", "(Number min = None, Number max = None)"),
    "clone": ("(*, torch.memory_format memory_format = None)",),
    "contiguous": ("(*, torch.memory_format memory_format = 0)",),
    "copy_": ("(Tensor other, bool non_blocking = False)", "!"),
    "cos": None,
    "cos_": None,
    "count_nonzero": ("(int dim = None)", "(tuple of ints dim)"),
    "cpu": ("(*, torch.memory_format? memory_format = torch.preserve_format)",),
    "cuda": (
        "(torch.device device = None, bool non_blocking = False, *, torch.memory_format memory_format = None)",
        "!",
    ),
    "cumsum": ("(int dim, *, torch.dtype dtype = None)",),
    "cumprod": ("(int dim, *, torch.dtype dtype = None)",),
    "cummax": ("(int dim)",),
    "cummin": ("(int dim)",),
    "sort": ("(*, bool stable, int dim = -1, bool descending = False)", "(int dim = -1, bool descending = False)"),
    "topk": ("(int k, int dim = -1, bool largest = True, bool sorted = True)",),
    "median": ("()", "(int dim, bool keepdim = False)"),
    "kthvalue": ("(int k, int dim = -1, bool keepdim = False)",),
    "mode": ("(int dim = -1, bool keepdim = False)",),
    "trace": None,
    "data_ptr": None,
    "detach": None,
    "detach_": None,
    "dim": None,
    "dist": ("(Tensor other, Number p = 2)",),
    "div": ("(Tensor other)", "(Tensor other, *, str rounding_mode)", "(Number other, *, str rounding_mode)"),
    "div_": ("(Tensor other)", "(Tensor other, *, str rounding_mode)", "(Number other, *, str rounding_mode)"),
    "divide": (
        "(Tensor other)",
        "(Tensor other, *, str rounding_mode)",
        "(Number other)",
        "(Number other, *, str rounding_mode)",
    ),
    "dot": ("(Tensor tensor)",),
    "double": ("(*, torch.memory_format? memory_format = torch.preserve_format)",),
    "element_size": None,
    "eq": ("(Tensor other)", "(Number other)"),
    "equal": ("(Tensor other)",),
    "erf": None,
    "erf_": None,
    "exp": None,
    "exp_": None,
    "expand": ("(tuple of ints size, *, bool implicit = False)",),
    "expand_as": ("(Tensor other)",),
    "exponential_": ("(float lambd = 1., *, torch.Generator generator = None)",),
    "fill_": ("(Tensor value)", "(Number value)"),
    "flatten": ("(int start_dim = 0, int end_dim = -1)",),
    "float": ("(*, torch.memory_format? memory_format = torch.preserve_format)",),
    "floor": None,
    "floor_": None,
    "floor_divide": ("(Tensor other)", "(Number other)"),
    "floor_divide_": ("(Tensor other)", "(Number other)"),
    "fmod": ("(Tensor other)", "(Number other)"),
    "fmod_": ("(Tensor other)", "(Number other)"),
    "gather": ("(int dim, Tensor index, *, bool sparse_grad = False)",),
    "ge": ("(Tensor other)", "(Number other)"),
    "get_device": None,
    "gt": ("(Tensor other)", "(Number other)"),
    "half": ("(*, torch.memory_format? memory_format = torch.preserve_format)",),
    "index_select": ("(int dim, Tensor index)",),
    "unfold": ("(int dimension, int size, int step)",),
    "int": ("(*, torch.memory_format? memory_format = torch.preserve_format)",),
    "is_contiguous": ("(*, torch.memory_format memory_format = torch.contiguous_format)",),
    "is_floating_point": None,
    "isclose": ("(Tensor other, float rtol = 1.0000000000000001e-05, float atol = 1e-08, bool equal_nan = False)",),
    "isinf": None,
    "isnan": None,
    "item": None,
    "le": ("(Tensor other)", "(Number other)"),
    "log": None,
    "log10": None,
    "log2": None,
    "log_": None,
    "log_softmax": ("(int dim, torch.dtype dtype = None)",),
    "logical_and": ("(Tensor other)",),
    "logical_not": None,
    "logical_or": ("(Tensor other)",),
    "logical_xor": ("(Tensor other)",),
    "long": ("(*, torch.memory_format? memory_format = torch.preserve_format)",),
    "lt": ("(Tensor other)", "(Number other)"),
    "masked_fill": ("(Tensor mask, Tensor value)", "(Tensor mask, Number value)"),
    "masked_fill_": ("(Tensor mask, Tensor value)", "(Tensor mask, Number value)"),
    "matmul": ("(Tensor other)",),
    "max": ("()", "(Tensor other)", "(int dim, bool keepdim = False)"),
    "maximum": ("(Tensor other)",),
    "mean": (
        "(*, torch.dtype dtype = None)",
        "(tuple of ints? dim, bool keepdim = False, *, torch.dtype dtype = None)",
    ),
    "min": ("()", "(Tensor other)", "(int dim, bool keepdim = False)"),
    "minimum": ("(Tensor other)",),
    "mm": ("(Tensor mat2)",),
    "mul": ("(Tensor other)",),
    "mul_": ("(Tensor other)",),
    "multiply": ("(Tensor other)", "(Number other)"),
    "mv": ("(Tensor vec)",),
    "narrow": ("(int dim, Tensor start, int length)", "(int dim, int start, int length)"),
    "ndimension": None,
    "ne": ("(Tensor other)", "(Number other)"),
    "neg": None,
    "neg_": None,
    "negative": None,
    "nelement": None,
    "new_empty": (
        "(tuple of ints size, *, torch.dtype dtype = None, torch.layout layout = None, torch.device device = None, "
        "bool pin_memory = None, bool requires_grad = False)",
    ),
    "new_full": (
        "(tuple of ints size, Number fill_value, *, torch.dtype dtype = None, torch.layout layout = None, "
        "torch.device device = None, bool pin_memory = None, bool requires_grad = False)",
    ),
    "new_ones": (
        "(tuple of ints size, *, torch.dtype dtype = None, torch.layout layout = None, torch.device device = None, "
        "bool pin_memory = None, bool requires_grad = False)",
    ),
    "new_tensor": (
        "(object data, *, torch.dtype dtype = None, torch.device device = None, bool requires_grad = False)",
    ),
    "new_zeros": (
        "(tuple of ints size, *, torch.dtype dtype = None, torch.layout layout = None, torch.device device = None, "
        "bool pin_memory = None, bool requires_grad = False)",
    ),
    "nonzero": ("()", "(*, bool as_tuple)"),
    "normal_": ("(float mean = 0., float std = 1., *, torch.Generator generator = None)",),
    "numel": None,
    "numpy": ("(*, bool force = False)",),
    "outer": ("(Tensor vec2)",),
    "flip": ("(tuple of ints dims)",),
    "kron": ("(Tensor other)",),
    "multinomial": ("(int num_samples, bool replacement = False, *, torch.Generator generator = None)",),
    "bincount": ("(Tensor weights = None, int minlength = 0)",),
    "histc": ("(int bins = 100, Number min = 0, Number max = 0)",),
    "rot90": ("(int k = 1, tuple of ints dims = {0,1})",),
    "fliplr": None,
    "flipud": None,
    "permute": ("(tuple of ints dims)",),
    "pow": ("(Tensor exponent)", "(Number exponent)"),
    "pow_": ("(Tensor exponent)", "(Number exponent)"),
    "prelu": ("(Tensor weight)",),
    "prod": ("(*, torch.dtype dtype = None)", "(int dim, bool keepdim = False, *, torch.dtype dtype = None)"),
    "random_": (
        "(*, torch.Generator generator = None)",
        "(int from, int to, *, torch.Generator generator = None)",
        "(int to, *, torch.Generator generator = None)",
    ),
    "reciprocal": None,
    "reciprocal_": None,
    "relu": None,
    "relu_": None,
    "remainder": ("(Tensor other)", "(Number other)"),
    "remainder_": ("(Tensor other)", "(Number other)"),
    "repeat": ("(tuple of ints repeats)",),
    "requires_grad_": ("(bool requires_grad = True)",),
    "reshape": ("(tuple of ints shape)",),
    "retain_grad": None,
    "resize_": ("(tuple of ints size, *, torch.memory_format? memory_format = None)",),
    "resize_as_": ("(Tensor the_template, *, torch.memory_format? memory_format = None)",),
    "round": ("()", "(*, int decimals)"),
    "round_": ("()", "(*, int decimals)"),
    "rsqrt": None,
    "select": ("(int dim, int index)",),
    "short": ("(*, torch.memory_format? memory_format = torch.preserve_format)",),
    "sigmoid": None,
    "sigmoid_": None,
    "sign": None,
    "sign_": None,
    "sin": None,
    "sin_": None,
    "size": ("(int dim = None)",),
    "softmax": ("(int dim, torch.dtype dtype = None)",),
    "sqrt": None,
    "sqrt_": None,
    "svd": ("(bool some = True, bool compute_uv = True)",),
    "det": None,
    "cross": ("(Tensor other, int dim = None)",),
    "inverse": None,
    "matrix_power": ("(int n)",),
    "square": None,
    "squeeze": ("()", "(int dim)", "(tuple of ints dim)"),
    "std": (
        "(tuple of ints? dim, bool unbiased = True, bool keepdim = False)",
        "(tuple of ints dim = None, *, Number correction = None, bool keepdim = False)",
        "(bool unbiased = True)",
    ),
    "sub": ("(Tensor other, *, Number alpha = 1)", "!"),
    "sub_": ("(Tensor other, *, Number alpha = 1)", "!"),
    "subtract": ("(Tensor other, *, Number alpha = 1)", "(Number other, Number alpha = 1)"),
    "sum": (
        "(*, torch.dtype dtype = None)",
        "(tuple of ints? dim, bool keepdim = False, *, torch.dtype dtype = None)",
    ),
    "swapaxes": ("(int axis0, int axis1)",),
    "t": None,
    "tan": None,
    "tan_": None,
    "tanh": None,
    "tanh_": None,
    "to": (
        "(torch.device device = None, torch.dtype dtype = None, bool non_blocking = False, bool copy = False, *, "
        "torch.memory_format memory_format = None)",
        "(torch.dtype dtype, bool non_blocking = False, bool copy = False, *, "
        "torch.memory_format memory_format = None)",
        "(Tensor tensor, bool non_blocking = False, bool copy = False, *, torch.memory_format memory_format = None)",
    ),
    "tolist": None,
    "transpose": ("(int dim0, int dim1)",),
    "true_divide": ("(Tensor other)", "(Number other)"),
    "trunc": None,
    "trunc_": None,
    "type_as": ("(Tensor other)",),
    "unbind": ("(int dim = 0)",),
    "uniform_": ("(float from = 0., float to = 1., *, torch.Generator generator = None)",),
    "unsqueeze": ("(int dim)",),
    "var": (
        "(tuple of ints? dim, bool unbiased = True, bool keepdim = False)",
        "(tuple of ints dim = None, *, Number correction = None, bool keepdim = False)",
        "(bool unbiased = True)",
    ),
    "view": ("(torch.dtype dtype)", "(tuple of ints size)"),
    "view_as": ("(Tensor other)",),
    "zero_": None,
}
