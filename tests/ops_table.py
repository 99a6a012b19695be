"""One row per registered op, and the check every row goes through.

A row gives an op's input shapes (broadcasting where the op broadcasts), its
params and a value domain away from kinks.  :func:`check_op` holds the op's
declaration (core/ops) against every witness at once:

* float64 central differences of its numpy forward, against the engine's
  one-hot backward rows through both vjp namespaces (the plain numpy backward
  and the Tensor one that ``create_graph=True`` uses);
* its symbolic rule (differentiated by symengine), against the differences;
* real PyTorch running the op's own ``pytorch`` call (through the replay code
  of :mod:`core.analysis.pytorch`): its output and Jacobian, against the
  engine's.  Live when torch is installed, else from tests/data/op_rows.json.

Adding an op is one declaration in core/ops plus one row here; then
``python tests/ops_table.py`` (torch 2.13.0 installed) records its PyTorch row.
"""
from __future__ import annotations

import hashlib
import importlib.util
import json
import sys
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:  # run as a script
    sys.path.insert(0, str(ROOT))

import core.torch  # noqa: E402,F401  (the Tensor methods a create_graph backward uses)
from core.dtypes import float64  # noqa: E402
from core.ops.registry import REGISTRY, apply  # noqa: E402
from core.symbolic.jacobian import jacobian  # noqa: E402
from core.symbolic.shadow import Shadow  # noqa: E402
from core.tensor.tensor import Tensor  # noqa: E402

RECORD = ROOT / "tests" / "data" / "op_rows.json"
HAS_TORCH = importlib.util.find_spec("torch") is not None

POS = (0.5, 1.5)       # positive domain (log, sqrt, division)
ANY = (-1.5, 1.5)      # keeps |x| > 0.2 to stay off kinks
SPD = "spd"           # symmetric positive-definite matrices: B B^T + n I
IDX = np.array([0, 2, 0])

# op -> (shapes, params, domains per input)
ROWS = {
    "add": [((2, 3), (3,)), {}, None],
    "sub": [((2, 1), (1, 3)), {"alpha": 2}, None],
    "rsub": [((3,),), {"other": 2.0}, None],
    "mul": [((2, 3), (2, 1)), {}, None],
    "div": [((2, 3), (3,)), {}, (ANY, POS)],
    "reciprocal": [((3,),), {}, (POS,)],
    "neg": [((2, 2),), {}, None],
    "pow": [((3,),), {"exponent": 3}, None],
    "pow_tensor": [((2, 3), (3,)), {}, (POS, ANY)],
    "rpow": [((3,),), {"base": 2.0}, None],
    "exp": [((3,),), {}, None],
    "log": [((3,),), {}, (POS,)],
    "sqrt": [((3,),), {}, (POS,)],
    "abs": [((4,),), {}, None],
    "sign": [((3,),), {}, None],
    "sin": [((3,),), {}, None],
    "cos": [((3,),), {}, None],
    "tan": [((3,),), {}, ((-1.0, 1.0),)],
    "asin": [((3,),), {}, ((-0.9, 0.9),)],
    "acos": [((3,),), {}, ((-0.9, 0.9),)],
    "atan": [((3,),), {}, None],
    "tanh": [((3,),), {}, None],
    "sigmoid": [((3,),), {}, None],
    "relu": [((4,),), {}, None],
    "clamp": [((5,),), {"min": -0.8, "max": 0.8}, None],
    "clamp_min": [((4,),), {"min": 0.1}, None],
    "clamp_max": [((4,),), {"max": 0.1}, None],
    "clamp_tensor": [((4,), (4,), (4,)), {}, ("clamp",)],
    "maximum": [((2, 3), (3,)), {}, None],
    "minimum": [((2, 3), (3,)), {}, None],
    "where": [((2, 3), (3,)), {"condition": np.array([[True, False, True], [False, False, True]])}, None],
    "clone": [((2, 3),), {}, None],
    "to": [((3,),), {"dtype": float64}, None],
    "copy_": [((2, 3), (3,)), {}, None],
    "fill_": [((3,),), {"value": 1.0}, None],
    "zero_": [((3,),), {}, None],
    "floor": [((3,),), {}, None],
    "ceil": [((3,),), {}, None],
    "round": [((3,),), {}, None],
    "round_decimals": [((3,),), {"decimals": 2}, None],
    "trunc": [((3,),), {}, None],
    "floor_divide": [((3,), (3,)), {}, (POS, POS)],
    "remainder": [((2, 3), (3,)), {}, (ANY, POS)],
    "remainder_scalar": [((4,),), {"other": -0.7}, None],
    "fmod": [((2, 3), (3,)), {}, (ANY, POS)],
    "fmod_scalar": [((4,),), {"other": 0.7}, None],
    "sum": [((2, 3),), {}, None],
    "sum_dim": [((2, 3, 2),), {"dim": (0, 2), "keepdim": False}, None],
    "mean": [((2, 3),), {}, None],
    "mean_dim": [((2, 3),), {"dim": (1,), "keepdim": True}, None],
    "prod": [((2, 3),), {}, None],
    "prod_dim": [((2, 3),), {"dim": 1, "keepdim": False}, None],
    "var": [((2, 3),), {"dim": (1,), "correction": 1, "keepdim": False}, None],
    "std": [((2, 3),), {"dim": None, "correction": 0, "keepdim": False}, None],
    "norm": [((2, 3),), {"p": 2.0, "dim": (1,), "keepdim": False}, None],
    "max_all": [((2, 3),), {}, None],
    "min_all": [((2, 3),), {}, None],
    "amax": [((2, 3),), {"dim": (1,), "keepdim": False}, None],
    "amin": [((2, 3),), {"dim": (0,), "keepdim": True}, None],
    "max_dim": [((2, 3),), {"dim": 1, "keepdim": False}, None],
    "min_dim": [((2, 3),), {"dim": 0, "keepdim": True}, None],
    "softmax": [((2, 3),), {"dim": 1}, None],
    "cumsum": [((2, 3),), {"dim": 1}, None],
    "cumprod": [((2, 3),), {"dim": 1}, None],
    "sort": [((2, 3),), {"dim": 1, "descending": True}, None],
    "topk": [((2, 4),), {"k": 2, "dim": 1, "largest": False}, None],
    "median": [((2, 3),), {}, None],
    "median_dim": [((3, 4),), {"dim": 0, "keepdim": False}, None],
    "kthvalue": [((3, 4),), {"k": 2, "dim": 1, "keepdim": False}, None],
    "mode": [((3, 4),), {"dim": 0, "keepdim": True}, None],
    "cummax": [((2, 4),), {"dim": 1}, None],
    "cummin": [((3, 2),), {"dim": 0}, None],
    "trace": [((3, 4),), {}, None],
    "log1p": [((3,),), {}, (POS,)],
    "expm1": [((3,),), {}, None],
    "tril": [((2, 3, 3),), {"diagonal": 0}, None],
    "triu": [((3, 4),), {"diagonal": -1}, None],
    "diagonal": [((2, 3, 4),), {"offset": 1, "dim1": 2, "dim2": 0}, None],
    "diag_copy": [((3, 4),), {"offset": -1, "dim1": 0, "dim2": 1}, None],
    "diag_embed": [((3,),), {"offset": 1}, None],
    "roll": [((2, 3),), {"shifts": (1, -1), "dims": (0, 1)}, None],
    "take": [((2, 3),), {"index": np.array([[0, 5], [5, -2]])}, None],
    "masked_select": [((2, 3),), {"mask": np.array([True, False, True])}, None],
    "logsumexp": [((2, 3),), {"dim": (1,), "keepdim": False}, None],
    "addcmul": [((2, 3), (3,), (2, 1)), {"value": 0.5}, None],
    "addcdiv": [((2, 3), (2, 3), (3,)), {"value": -2}, (ANY, ANY, POS)],
    "lerp_scalar": [((2, 3), (2, 3)), {"weight": 0.3}, None],
    "lerp_tensor": [((2, 3), (2, 3), (2, 3)), {}, (ANY, ANY, (0.1, 0.9))],
    "atan2": [((2, 3), (2, 3)), {}, None],
    "frac": [((3,),), {}, ((0.2, 0.8),)],
    "nan_to_num": [((3,),), {"nan": 0.0, "posinf": None, "neginf": None}, None],
    "logit": [((3,),), {"eps": None}, ((0.2, 0.8),)],
    "scatter_value": [((3, 4),), {"dim": 1, "index": np.array([[0], [3], [1]]), "value": 2.5}, None],
    "scatter_src": [((3, 4), (2, 3)), {"dim": 0, "index": np.array([[2, 0, 1], [0, 1, 2]])}, None],
    "scatter_add": [((3, 4), (2, 2)), {"dim": 1, "index": np.array([[0, 0], [3, 1]])}, None],
    "index_fill": [((3, 4),), {"dim": 1, "index": np.array([0, 2]), "value": -1.0}, None],
    "index_add": [((3, 4), (3, 4)), {"dim": 0, "index": np.array([2, 0, 2]), "alpha": 0.5}, None],
    "log_softmax": [((2, 3),), {"dim": 0}, None],
    "mm": [((2, 3), (3, 2)), {}, None],
    "mv": [((2, 3), (3,)), {}, None],
    "dot": [((3,), (3,)), {}, None],
    "dist": [((2, 3), (3,)), {"p": 2}, None],
    "solve": [((2, 3, 3), (3, 2)), {}, None],
    "qr_Q": [((3, 2),), {"mode": "reduced"}, None],
    "qr_R": [((2, 3, 2),), {"mode": "reduced"}, None],
    "cdist": [((3, 2), (2, 4, 2)), {"p": 2.0}, None],
    "bmm": [((2, 2, 3), (2, 3, 2)), {}, None],
    "det": [((3, 3),), {}, None],
    "linalg_cross": [((2, 3, 1), (1, 3, 4)), {"dim": 1}, None],
    # no derivative in PyTorch (its backward's NotImplementedError is compared); the rule picks first occurrences
    "unique": [((2, 3),), {}, None],
    "unique_dim": [((3, 2),), {"dim": 1}, None],
    "inverse": [((2, 2),), {}, None],
    # the SVD on tall matrices: for wide ones MKL may choose other signs (core/ops/decompositions.py)
    "svdvals": [((3, 2),), {}, None],
    "svd_U": [((3, 2),), {"full_matrices": False}, None],
    "svd_Vh": [((2, 3, 2),), {"full_matrices": True}, None],
    "pinv": [((3, 2),), {}, None],
    "lstsq_solution": [((4, 2), (4, 2)), {"driver": "gelsy", "rcond": None, "vector": False}, None],
    # one column: the residuals' exact rule (short enough for the local-derivative view)
    "lstsq_residuals": [((3, 1), (3,)), {"driver": "gelsd", "rcond": None, "vector": True}, None],
    # symmetric positive-definite inputs (read from one triangle; see NOT_THE_DERIVATIVE)
    "cholesky": [((2, 3, 3),), {"upper": True}, (SPD,)],
    "eigh_values": [((3, 3),), {"UPLO": "U"}, (SPD,)],
    # 2x2 matrices: for larger ones MKL's syevd may choose other signs for eigenvectors (core/ops/symmetric.py)
    "eigh_vectors": [((2, 2, 2),), {"UPLO": "L"}, (SPD,)],
    "std_mean_std": [((2, 3),), {"dim": (1,), "correction": 1, "keepdim": False}, None],
    "std_mean_mean": [((2, 3),), {"dim": (1,), "keepdim": True}, None],
    "var_mean_var": [((2, 3),), {"dim": None, "correction": 0, "keepdim": False}, None],
    "var_mean_mean": [((2, 3),), {"dim": None, "keepdim": False}, None],
    "view": [((2, 3),), {"shape": (3, 2)}, None],
    "reshape_copy": [((2, 3),), {"shape": (6,)}, None],
    "unsafe_view": [((2, 3),), {"shape": (3, 2)}, None],
    "reshape_alias": [((2, 3),), {"shape": (3, 2)}, None],
    "alias": [((2, 3),), {}, None],
    "transpose_in_place": [((2, 3),), {"dim0": 0, "dim1": 1}, None],
    "rnn_layer": [((2, 3),), {}, None],
    "gather": [((2, 3),), {"dim": 1, "index": np.array([[0, 0], [2, 1]])}, None],
    "unfold": [((2, 5),), {"dimension": 1, "size": 3, "step": 1}, None],
    "index_copy": [((2, 4), (2, 2)), {"dim": 1, "index": np.array([3, 0])}, None],
    "masked_scatter": [((2, 3), (5,)), {"mask": np.array([[True, False, True], [False, True, True]])}, None],
    "transpose": [((2, 3),), {"dim0": 0, "dim1": 1}, None],
    "t": [((2, 3),), {}, None],
    "permute": [((2, 3, 2),), {"dims": (1, 0, 2)}, None],
    "flip": [((2, 3, 2),), {"dims": (0, 2)}, None],
    "rot90": [((2, 3, 2),), {"k": 3, "dims": (2, 0)}, None],
    "unsqueeze": [((2, 3),), {"dim": 1}, None],
    "squeeze": [((2, 1, 3),), {}, None],
    "squeeze_dim": [((2, 1, 3),), {"dim": 1}, None],
    "t_in_place": [((2, 3),), {}, None],
    "unsqueeze_in_place": [((2, 3),), {"dim": 1}, None],
    "squeeze_in_place": [((2, 1, 3),), {}, None],
    "squeeze_dim_in_place": [((2, 1, 3),), {"dim": 1}, None],
    "squeeze_dims_in_place": [((1, 3, 1),), {"dims": (0, 2)}, None],
    "expand": [((1, 3),), {"shape": (2, 3)}, None],
    "select": [((2, 3),), {"dim": 1, "index": 2}, None],
    "slice": [((2, 4),), {"dim": 1, "start": 0, "stop": 4, "step": 2}, None],
    "index": [((4,),), {"index": (IDX,)}, None],
    "index_select": [((3, 2),), {"dim": 0, "index": IDX}, None],
    "index_backward": [((3,),), {"shape": (4,), "index": (IDX,)}, None],
    "index_put": [((4,), (2,)), {"index": (np.array([1, 3]),)}, None],
    "repeat": [((2, 3),), {"repeats": (2, 1)}, None],
    "cat": [((2, 3), (1, 3)), {"dim": 0}, None],
    "stack": [((2, 3), (2, 3)), {"dim": 1}, None],
    "mse_loss": [((2, 3), (2, 3)), {"reduction": "mean"}, None],
    "nll_loss": [((3, 3),), {"target": np.array([0, 2, -100]), "weight": np.array([0.5, 1.5, 2.0]),
                             "ignore_index": -100, "reduction": "mean"}, None],
    "binary_cross_entropy": [((2, 3), (2, 3)), {"reduction": "mean", "weight": np.array([[1.0, 0.5, 2.0]] * 2)},
                             ((0.1, 0.9), (0.0, 1.0))],
    # nn activations/linear/norm (issue 12)
    "erf": [((3,),), {}, None],
    "addmm": [((3,), (2, 4), (4, 3)), {"beta": 0.5, "alpha": 2.0}, None],
    "leaky_relu": [((4,),), {"negative_slope": 0.2}, None],
    "prelu": [((2, 3, 2), (3,)), {}, None],
    "hardtanh": [((5,),), {"min_val": -0.8, "max_val": 0.8}, None],
    "hardsigmoid": [((6,),), {}, ((-4.0, 4.0),)],
    "hardswish": [((6,),), {}, ((-4.0, 4.0),)],
    "elu": [((4,),), {"alpha": 0.5, "scale": 1.2, "input_scale": 0.8}, None],
    "celu": [((4,),), {"alpha": 2.0}, None],
    "gelu": [((4,),), {"approximate": "none"}, None],
    "silu": [((4,),), {}, None],
    "softplus": [((5,),), {"beta": 2.0, "threshold": 2.0}, None],
    "logsigmoid": [((4,),), {}, None],
    "mish": [((4,),), {}, None],
    "layer_norm": [((2, 3), (3,), (3,)), {"normalized_shape": (3,), "eps": 1e-5}, None],
    "batch_norm": [((4, 2), (2,), (2,)), {"training": True, "eps": 1e-5}, None],  # (N, C, L): test_nn_functional
    "embedding": [((4, 3),), {"indices": np.array([[0, 2], [3, 2]])}, None],  # padding_idx: test_nn_functional
    "trilinear": [((3, 2), (2, 2, 3), (3, 3)), {"expand1": (1, 3), "expand2": (0,), "expand3": (1, 2), "sumdim": (2, 3)},
                  None],  # F.bilinear: test_nn_more_layers
    "native_group_norm": [((2, 4, 3), (4,), (4,)), {"num_groups": 2, "eps": 1e-5}, None],
    "norm_dim": [((3, 4),), {"p": 3.0, "dim": (1,), "keepdim": False}, None],  # p 0, inf: test_nn_more_layers
    "add_scalar": [((2, 3),), {"other": 0.25}, None],
    "constant_pad_nd": [((2, 3),), {"pad": (1, 2, -1, 1), "value": 0.5}, None],
    "reflection_pad1d": [((2, 4),), {"pad": (2, 3), "mode": "reflect"}, None],
    "reflection_pad2d": [((1, 3, 3),), {"pad": (1, 2, 2, -1), "mode": "reflect"}, None],
    "reflection_pad3d": [((1, 2, 2, 3),), {"pad": (1, 1, 1, 0, 0, 1), "mode": "reflect"}, None],
    "replication_pad1d": [((1, 2, 3),), {"pad": (3, 1), "mode": "replicate"}, None],
    "replication_pad2d": [((2, 2, 3),), {"pad": (2, 0, 1, 2), "mode": "replicate"}, None],
    "replication_pad3d": [((1, 1, 2, 2, 2),), {"pad": (1, 0, 0, 1, 1, 1), "mode": "replicate"}, None],
    # nn losses/conv/pool (issue 12)
    "nll_loss2d": [((2, 3, 2, 2),), {"target": np.array([[[0, 2], [1, -100]], [[2, 2], [0, 1]]]),
                                     "weight": np.array([0.5, 1.5, 2.0]), "ignore_index": -100,
                                     "reduction": "mean"}, None],
    "smooth_l1_loss": [((2, 3), (2, 3)), {"reduction": "mean", "beta": 0.8}, None],
    "huber_loss": [((2, 3), (2, 3)), {"reduction": "sum", "delta": 0.7}, None],
    "binary_cross_entropy_with_logits": [((2, 3), (2, 3)), {"reduction": "mean", "weight": np.array([1.0, 0.5, 2.0]),
                                                            "pos_weight": np.array([2.0, 1.0, 0.5])},
                                         (ANY, (0.0, 1.0))],
    "multi_margin_loss": [((2, 3),), {"target": np.array([0, 2]), "p": 2, "margin": 5.0,
                                      "weight": np.array([0.5, 1.0, 2.0]), "reduction": "mean"}, None],
    # each sample's loss depends on two elements here (its local derivative is written out piecewise)
    "multilabel_margin_loss": [((2, 2),), {"target": np.array([[1, -1], [0, 1]]), "reduction": "none"},
                               ((-0.3, 0.3),)],
    # one sample of three steps and one label: its local derivative is short enough to write out
    "ctc_loss": [((3, 1, 2),), {"targets": np.array([[1]]), "input_lengths": np.array([3]),
                                "target_lengths": np.array([1]), "blank": 0, "zero_infinity": False,
                                "reduction": "none"}, None],
    "soft_margin_loss": [((2, 3),), {"target": np.array([[1.0, -1.0, 1.0], [-1.0, -1.0, 1.0]]), "reduction": "mean"},
                         None],
    "div_scalar": [((2, 3),), {"other": 3}, None],
    "mul_scalar": [((2, 3),), {"other": 0.7}, None],
    "masked_fill": [((2, 3),), {"mask": np.array([[True, False, True], [False, False, True]]), "value": 0.0}, None],
    "convolution": [((2, 2, 4, 4), (2, 1, 3, 3), (2,)), {"stride": (2, 1), "padding": (1, 1), "dilation": (1, 1),
                                                       "transposed": False, "output_padding": (0, 0), "groups": 2},
                    None],
    "max_pool2d": [((1, 2, 5, 5),), {"kernel_size": (3, 2), "stride": (2, 2), "padding": (1, 1), "dilation": (1, 1),
                                    "ceil_mode": True}, None],
    "avg_pool2d": [((1, 2, 5, 5),), {"kernel_size": (3, 3), "stride": (2, 2), "padding": (1, 1), "ceil_mode": True,
                                    "count_include_pad": False, "divisor_override": None}, None],
    "adaptive_avg_pool2d": [((1, 2, 5, 4),), {"output_size": (3, 3)}, None],
    "upsample_nearest1d": [((1, 2, 3),), {"output_size": (7,), "scale_factors": None}, None],
    "upsample_nearest2d": [((1, 1, 2, 3),), {"output_size": None, "scale_factors": (2.0, 1.5)}, None],
    "upsample_nearest3d": [((1, 1, 2, 2, 1),), {"output_size": (3, 2, 2), "scale_factors": None}, None],
    "_upsample_nearest_exact1d": [((1, 2, 4),), {"output_size": (6,), "scale_factors": None}, None],
    "_upsample_nearest_exact2d": [((1, 1, 3, 2),), {"output_size": None, "scale_factors": (0.7, 2.5)}, None],
    "_upsample_nearest_exact3d": [((1, 1, 1, 2, 2),), {"output_size": (2, 3, 1), "scale_factors": None}, None],
    "upsample_linear1d": [((1, 2, 3),), {"output_size": (7,), "align_corners": False, "scale_factors": None}, None],
    "upsample_bilinear2d": [((1, 1, 2, 3),), {"output_size": None, "align_corners": True,
                                             "scale_factors": (2.0, 1.5)}, None],
    "upsample_trilinear3d": [((1, 1, 2, 2, 2),), {"output_size": (3, 3, 2), "align_corners": False,
                                                  "scale_factors": None}, None],
}
# their backward ops (the create_graph backward: the forward's adjoint, whose own backward is the forward)
ROWS.update({name + "_backward": [(shape,), dict(params, input_size=input_shape), None]
             for name, input_shape, shape, params in (
                 (name, ROWS[name][0][0], out, ROWS[name][1]) for name, out in (
                     ("upsample_nearest1d", (1, 2, 7)), ("upsample_nearest2d", (1, 1, 4, 4)),
                     ("upsample_nearest3d", (1, 1, 3, 2, 2)), ("_upsample_nearest_exact1d", (1, 2, 6)),
                     ("_upsample_nearest_exact2d", (1, 1, 2, 5)), ("_upsample_nearest_exact3d", (1, 1, 2, 3, 1)),
                     ("upsample_linear1d", (1, 2, 7)), ("upsample_bilinear2d", (1, 1, 4, 4)),
                     ("upsample_trilinear3d", (1, 1, 3, 3, 2))))})

# written in place in PyTorch (no out-of-place function): replayed on a clone of the first input
IN_PLACE_ONLY = {"copy_", "fill_", "zero_", "index_put"}


def _values(shape, domain, rng):
    if domain == SPD:
        b = rng.uniform(-1.0, 1.0, size=shape)
        return b @ np.swapaxes(b, -1, -2) + shape[-1] * np.eye(shape[-1])
    lo, hi = domain
    x = rng.uniform(lo, hi, size=shape)
    if domain == ANY:
        # stay off the kinks of relu/abs/clamp/sign/round and away from ties
        x = np.where(np.abs(x) < 0.2, x + np.sign(x + 1e-9) * 0.3, x)
        x = x + np.arange(x.size).reshape(shape) * 1e-3
    return x


def inputs(name):
    """The row's float64 input arrays (the same every time) and params."""
    rng = np.random.default_rng(sum(map(ord, name)))
    shapes, params, domains = ROWS[name]
    if domains == ("clamp",):
        return [np.array([-1.0, 0.2, 1.0, 0.5]), np.array([-0.5, -0.5, -0.5, 0.0]),
                np.array([0.5, 0.5, 0.5, 1.0])], params
    domains = domains or (ANY,) * len(shapes)
    return [_values(s, d, rng) for s, d in zip(shapes, domains)], params


def forward(op, arrays, params):
    out = op.forward(*arrays, **params)
    return np.asarray(out[0] if op.has_aux else out, dtype=np.float64)


def fd_jacobians(op, arrays, params, h=1e-6):
    """Central differences of the numpy forward: one (out elements x in elements) matrix per input."""
    out = forward(op, arrays, params)
    jacs = []
    for k, a in enumerate(arrays):
        J = np.zeros((out.size, a.size))
        for j in range(a.size):
            plus, minus = [x.copy() for x in arrays], [x.copy() for x in arrays]
            plus[k].flat[j] += h
            minus[k].flat[j] -= h
            J[:, j] = (forward(op, plus, params) - forward(op, minus, params)).ravel() / (2 * h)
        jacs.append(J)
    return out, jacs


def engine_jacobians(op, arrays, params, create_graph=False):
    """The engine's one-hot backward rows, one matrix per input."""
    rows = [[] for _ in arrays]
    n_out = None
    i = 0
    while n_out is None or i < n_out:
        leaves = [Tensor._make(a.copy()) for a in arrays]
        for t in leaves:
            t.requires_grad_(True)
        out = apply(op, tuple(leaves), params)
        n_out = out.numel()
        onehot = np.zeros(out.shape)
        onehot.flat[i] = 1.0
        out.backward(Tensor._make(onehot), create_graph=create_graph)
        for k, t in enumerate(leaves):
            g = np.zeros(arrays[k].size) if t.grad is None else np.asarray(t.grad._data).ravel()
            rows[k].append(g)
        i += 1
    return [np.array(r) for r in rows]


def symbolic_jacobians(op, arrays, params):
    """The op's symbolic rule, differentiated by symengine at the row's values."""
    import symengine as se
    with Shadow() as sh:
        leaves = [Tensor._make(a.copy()).requires_grad_(True) for a in arrays]
        out = apply(op, tuple(leaves), params)
    values = {s: se.RealDouble(float(x)) for t, syms in sh.leaves
              for s, x in zip(np.asarray(syms).ravel(), np.asarray(t._data).ravel())}
    out_sym = out._sym if out._sym is not None else np.zeros(out.shape, dtype=object)
    numeric, _ = jacobian(out_sym, [t._sym for t in leaves], values)
    return [J.reshape(out.numel(), a.size) for J, a in zip(numeric, arrays)]


def torch_row(name):
    """Real PyTorch running the op's declared call on the row: its output and its
    one-hot Jacobian per input (float64), as nested lists."""
    import torch

    from core.analysis import pytorch as pt
    arrays, params = inputs(name)
    backend = pt._Replay(torch)
    before = torch.get_default_dtype(), torch.is_grad_enabled()
    backend.mode(True, "float64")
    try:
        return _torch_row(torch, pt, backend, name, arrays, params)
    finally:   # as it was: a later test's torch (test_arg_errors' live calls) must not see float64
        torch.set_default_dtype(before[0])
        torch.set_grad_enabled(before[1])


def _torch_row(torch, pt, backend, name, arrays, params):
    leaves = [backend.leaf(a) for a in arrays]
    if name in IN_PLACE_ONLY:
        target = leaves[0].clone()
        pt._inplace(backend, name, [target, *leaves[1:]], params)
        out = target
    else:
        out = pt._call(backend, name, leaves, params)
    row = {"digest": row_digest(name), "output": out.detach().reshape(-1).tolist(), "jacobians": None,
           "backward_error": None}
    rows = [[] for _ in leaves]
    try:
        for i in range(out.numel()):
            onehot = torch.zeros_like(out).reshape(-1)
            onehot[i] = 1.0
            gs = torch.autograd.grad([out], leaves, [onehot.reshape(out.shape)], retain_graph=True,
                                     allow_unused=True)
            for k, (g, leaf) in enumerate(zip(gs, leaves)):
                rows[k].append((torch.zeros_like(leaf) if g is None else g).reshape(-1).tolist())
    except RuntimeError as e:  # floor_divide: "derivative for aten::floor_divide is not implemented"
        row["backward_error"] = str(e)
        return row
    row["jacobians"] = rows
    return row


def row_digest(name) -> str:
    """What the recorded row was made from: the op's call, its inputs and params."""
    arrays, params = inputs(name)
    text = repr((REGISTRY[name].pytorch, [a.tolist() for a in arrays],
                 sorted((k, repr(v.tolist() if isinstance(v, np.ndarray) else v)) for k, v in params.items())))
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def recorded_rows() -> dict:
    return json.loads(RECORD.read_text()) if RECORD.exists() else {}


def _ctc_extra(arrays, params):
    """What PyTorch's CTC backward adds to the derivative: ``exp(log_probs)`` at every time step within
    a sample's input length (its gradient assumes log_probs = log_softmax(x), where that term is what the
    softmax's backward takes away again)."""
    lp = arrays[0]
    extra = np.zeros((lp.shape[1], lp.size))
    for b, il in enumerate(params["input_lengths"]):
        mask = np.zeros(lp.shape, bool)
        mask[:il, b, :] = True
        extra[b, mask.ravel()] = np.exp(lp[mask])
    return [extra]


def _symmetric_extra(name, upper_of):
    """What PyTorch's backward of an op that reads one triangle of A adds to the derivative: it returns the
    symmetric gradient, half of the derivative's column of the read element (i, j) in both (i, j) and (j, i),
    where the derivative has the whole column at the read element and zero at the other."""
    def extra(arrays, params):
        _, (J,) = fd_jacobians(REGISTRY[name], arrays, params)
        a = arrays[0]
        n = a.shape[-1]
        cols = np.arange(a.size).reshape(a.shape)
        sym = J.copy()
        upper = upper_of(params)
        for i in range(n):
            for j in range(n):
                if i != j:
                    read = (min(i, j), max(i, j)) if upper else (max(i, j), min(i, j))
                    sym[:, cols[..., i, j].ravel()] = J[:, cols[..., read[0], read[1]].ravel()] / 2
        return [sym - J]
    return extra


# ops whose PyTorch backward is not the derivative of their forward, with what it adds (a Jacobian per input)
NOT_THE_DERIVATIVE = {"ctc_loss": _ctc_extra,
                      "cholesky": _symmetric_extra("cholesky", lambda p: p.get("upper", False)),
                      "eigh_values": _symmetric_extra("eigh_values", lambda p: p.get("UPLO", "L") == "U"),
                      "eigh_vectors": _symmetric_extra("eigh_vectors", lambda p: p.get("UPLO", "L") == "U")}


def check_op(name):
    """Assert every witness of the op agrees on its row (see the module docstring)."""
    op = REGISTRY[name]
    arrays, params = inputs(name)
    out, fd = fd_jacobians(op, arrays, params)
    if name in NOT_THE_DERIVATIVE:     # the engine follows PyTorch's backward, the symbolic rule the derivative
        fd_engine = [J + extra for J, extra in zip(fd, NOT_THE_DERIVATIVE[name](arrays, params))]
        assert not np.allclose(fd_engine[0], fd[0]), f"{name}: the documented difference is nil on this row"
    else:
        fd_engine = fd
    no_derivative = None
    for create_graph in (False, True):
        try:
            engine = engine_jacobians(op, arrays, params, create_graph)
        except NotImplementedError as e:   # unique: PyTorch's node has no derivative either (checked below)
            no_derivative = str(e)
            continue
        for k, (J_fd, J_eng) in enumerate(zip(fd_engine, engine)):
            np.testing.assert_allclose(J_eng, J_fd, rtol=1e-5, atol=1e-6,
                                       err_msg=f"{name}: engine (create_graph={create_graph}), input {k}")
    if op.symbolic is not None or op.structural:
        for k, J_sym in enumerate(symbolic_jacobians(op, arrays, params)):
            np.testing.assert_allclose(J_sym, fd[k], rtol=1e-5, atol=1e-6, err_msg=f"{name}: symbolic, input {k}")
    if op.pytorch is None:
        return
    row = torch_row(name) if HAS_TORCH else recorded_rows().get(name)
    assert row is not None, f"{name}: no recorded PyTorch row; run python tests/ops_table.py with torch installed"
    assert row["digest"] == row_digest(name), f"{name}: the recorded PyTorch row is stale; re-record it"
    np.testing.assert_allclose(np.asarray(row["output"]), out.ravel(), rtol=1e-6, atol=1e-9,
                               err_msg=f"{name}: PyTorch's forward")
    if no_derivative is not None:
        assert row["backward_error"] == no_derivative, f"{name}: PyTorch's backward said {row['backward_error']!r}"
        return
    if row["backward_error"] is not None:
        return  # PyTorch has no derivative here (the engine's zeros are checked above)
    eng = engine_jacobians(op, arrays, params)
    for k, J in enumerate(row["jacobians"]):
        np.testing.assert_allclose(np.asarray(J).reshape(eng[k].shape), eng[k], rtol=1e-6, atol=1e-9,
                                   err_msg=f"{name}: PyTorch's Jacobian, input {k}")


def main() -> int:
    import torch
    assert torch.__version__.split("+")[0] == "2.13.0", torch.__version__
    rows = {name: torch_row(name) for name in sorted(ROWS) if REGISTRY[name].pytorch is not None}
    RECORD.write_text(json.dumps(rows, indent=1, sort_keys=True) + "\n")
    print(f"recorded {len(rows)} ops in {RECORD.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
