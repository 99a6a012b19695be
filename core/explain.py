"""Plain-language explanations of the errors and warnings a program meets.

``explain(error_type, message)`` looks the error up in one table of rules
(error types + a regular expression on the message, first match wins) and
returns an :class:`Explanation`: a short title, what happened in words a
student can follow, and the usual fix, with a tiny code example where one
helps.  Unknown errors give ``None``; the caller then shows the message alone.

Translation: every sentence in the table is declared with ``_T(...)``
(:mod:`core.translatable`: a ``str`` that keeps its template), so an extractor
finds it, and the English sentence itself is the key.  The
desktop shows ``QCoreApplication.translate("explain", text)`` for ``title``,
``text`` and ``fix``; ``example`` is code and stays as it is.  No sentence has
placeholders, so a translation is a plain lookup: what depends on the message
goes in the example (for a misspelt tensor attribute, ``x.grad   # not x.gard``,
the nearest name a tensor has).

>>> e = explain("RuntimeError", "grad can be implicitly created only for scalar outputs")
>>> e.key
'implicit_grad_for_scalar_only'
>>> "gradient=" in e.example
True
>>> explain("ValueError", "bad gradient seen in hook") is None
True
"""
from __future__ import annotations

import difflib
import re
from dataclasses import dataclass

from core.translatable import _T


@dataclass(frozen=True)
class Explanation:
    """What an error means and how it is usually fixed.

    ``key`` names the rule (stable, for tests and links); ``title``, ``text``
    and ``fix`` are English sentences from the table (translation keys);
    ``example`` is a few lines of code, possibly empty.
    """

    key: str
    title: str
    text: str
    fix: str
    example: str = ""


@dataclass(frozen=True)
class _Rule:
    key: str
    types: frozenset | None   # error types this rule applies to; None: any type
    pattern: re.Pattern
    title: str
    text: str
    fix: str
    example: str = ""

    def matches(self, error_type: str, message: str) -> bool:
        if self.types is not None and error_type not in self.types:
            return False
        return self.pattern.search(message) is not None


def _rule(key, types, pattern, title, text, fix, example="", flags=0) -> _Rule:
    return _Rule(key, None if types is None else frozenset(types.split()), re.compile(pattern, flags),
                 title, text, fix, example.strip("\n"))


RUNTIME = "RuntimeError"
WARNING = "UserWarning Warning DeprecationWarning"

# First match wins: specific messages before the catch-alls of a type.
RULES: tuple[_Rule, ...] = (
    # --- backward ---------------------------------------------------------------------------
    _rule("backward_twice", RUNTIME, r"Trying to backward through the graph a second time",
          _T("Backward through the same graph twice"),
          _T("The first backward() walked the graph and then freed the values it had saved for the "
             "chain rule (the inputs of each multiplication, for example). The second backward() "
             "needs them again, but they are gone."),
          _T("Pass retain_graph=True to every backward() except the last one, so the saved values are "
             "kept. Or run the forward computation again before the second backward(). Remember "
             "that the gradients of the two calls add up in .grad."),
          """
out.backward(retain_graph=True)
out.backward()   # .grad now holds the sum of both
"""),
    _rule("implicit_grad_complex", RUNTIME, r"grad can be implicitly created only for real scalar outputs",
          _T("backward() of a complex number needs a gradient"),
          _T("A complex scalar has two parts, so there is no single 'd(output)/d(output) = 1' to start "
             "the chain rule from: PyTorch asks for the gradient to start with."),
          _T("Differentiate a real number made from it, such as its absolute value or its real part "
             "(z.abs(), z.real). Backprop Lens itself computes complex values but does not differentiate "
             "them."),
          """
loss = z.abs()
"""),
    _rule("complex_backward", "NotImplementedError", r"^Backprop Lens does not differentiate complex tensors",
          _T("Backprop Lens does not differentiate complex numbers"),
          _T("The program's complex values are computed exactly as PyTorch computes them, but their "
             "gradients are conjugate Wirtinger derivatives, which this engine does not model, so backward "
             "stops at the first node that has a complex input."),
          _T("Run this part in PyTorch itself, or keep complex tensors out of the path to the loss (work "
             "with the real and imaginary parts as two real tensors)."),
          """
re, im = torch.randn(3, requires_grad=True), torch.randn(3, requires_grad=True)
loss = (re ** 2 + im ** 2).sqrt().sum()
"""),
    _rule("implicit_grad_for_scalar_only", RUNTIME, r"grad can be implicitly created only for scalar outputs",
          _T("backward() on a non-scalar output needs a gradient"),
          _T("out.backward() with no argument means d out / d x, which only makes sense when out is a "
             "single number. Here out has several elements, so PyTorch needs the vector v of "
             "backward(v): it computes vᵀJ, the Jacobian J of out weighted by v."),
          _T("Pass gradient=v with the same shape as out, or reduce out to a scalar first (sum or mean)."),
          """
out.backward(gradient=torch.ones_like(out))
# or: out.sum().backward()
"""),
    _rule("no_grad_fn", RUNTIME, r"element \d+ of tensors does not require grad and does not have a grad_fn",
          _T("The output is not connected to any tensor that requires grad"),
          _T("backward() starts from a tensor that autograd never tracked: none of the tensors it was "
             "computed from has requires_grad=True, or it was computed under torch.no_grad(), or after "
             ".detach(), or it has an integer dtype. There is no graph to walk back through."),
          _T("Create the input tensors with requires_grad=True (as floats), and compute the output "
             "outside torch.no_grad() and without detach()."),
          """
x = torch.tensor([1., 2., 3.], requires_grad=True)
out = (x * x).sum()
out.backward()
"""),
    _rule("grad_output_shape", RUNTIME, r"Mismatch in shape: grad_output\[\d+\] has a shape of",
          _T("The gradient v has the wrong shape"),
          _T("In out.backward(v) the vector v holds one weight per element of out, so it must have "
             "exactly the shape of out. The shapes in the message differ."),
          _T("Give v the shape of out, for example with torch.ones_like(out), or check which tensor "
             "you call backward() on."),
          """
v = torch.ones_like(out)
out.backward(v)
"""),
    _rule("grad_outputs_count", RUNTIME,
          r"grad requires one grad_output per output|got \d+ tensors and \d+ gradients",
          _T("One gradient per output is needed"),
          _T("When several outputs are differentiated together, each needs its own gradient tensor "
             "(grad_outputs / grad_tensors), in the same order."),
          _T("Pass a list with one gradient per output, each shaped like its output."),
          """
torch.autograd.backward([y1, y2], grad_tensors=[torch.ones_like(y1), torch.ones_like(y2)])
"""),
    _rule("unused_input", RUNTIME, r"The differentiated Tensor at index \d+ appears to not have been used",
          _T("One of the inputs is not used to compute the output"),
          _T("torch.autograd.grad(out, inputs) was asked for the gradient with respect to a tensor that "
             "out does not depend on, so no path in the graph leads to it."),
          _T("Remove that tensor from inputs, or pass allow_unused=True: its gradient is then None (or "
             "zeros with materialize_grads=True)."),
          """
gx, gy = torch.autograd.grad(out, [x, y], allow_unused=True)   # gy is None
"""),
    _rule("input_without_grad", RUNTIME, r"One of the differentiated Tensors does not require grad",
          _T("An input of autograd.grad does not require grad"),
          _T("torch.autograd.grad can only differentiate with respect to tensors that have "
             "requires_grad=True; one of the inputs does not."),
          _T("Create that input with requires_grad=True, or leave it out of inputs."),
          """
x = torch.tensor([1., 2.], requires_grad=True)
"""),
    # --- requires_grad ------------------------------------------------------------------------
    _rule("integer_requires_grad", RUNTIME,
          r"only Tensors of floating point (and complex )?dtype can require gradients", flags=re.IGNORECASE,
          title=_T("Only floating-point tensors can require gradients"),
          text=_T("Gradients are about small changes, and integers (or booleans) cannot change a little. "
                  "torch.tensor([1, 2, 3]) makes an integer tensor (int64) because every number is written "
                  "without a decimal point."),
          fix=_T("Write the numbers as floats (1. instead of 1), or pass dtype=torch.float32."),
          example="""
x = torch.tensor([1., 2., 3.], requires_grad=True)
# or: torch.tensor([1, 2, 3], dtype=torch.float32, requires_grad=True)
"""),
    _rule("requires_grad_nonleaf", RUNTIME, r"you can only change requires_grad flags of leaf variables",
          _T("requires_grad can only be changed on a leaf tensor"),
          _T("This tensor was computed from other tensors (it has a grad_fn), so whether it requires "
             "grad is decided by its inputs. Only leaves, the tensors you create yourself, have a "
             "requires_grad flag you can set."),
          _T("To stop gradients flowing through a computed tensor, use y.detach(), which gives a new "
             "leaf. To track gradients, set requires_grad=True on the leaf it was computed from."),
          """
y_const = y.detach()          # a leaf that does not require grad
"""),
    _rule("hook_without_grad", RUNTIME, r"cannot register a hook on a tensor that doesn't require gradient",
          _T("A hook needs a tensor that requires grad"),
          _T("A hook runs when a gradient arrives at a tensor during backward. This tensor does not "
             "require grad, so no gradient will ever arrive."),
          _T("Register the hook on a tensor that requires grad, or create the leaf with "
             "requires_grad=True."),
          ""),
    _rule("retain_grad_without_grad", RUNTIME, r"can't retain_grad on Tensor that has requires_grad=False",
          _T("retain_grad() needs a tensor that requires grad"),
          _T("retain_grad() keeps the gradient of an intermediate tensor in .grad, but this tensor does "
             "not require grad, so backward never computes one for it."),
          _T("Call retain_grad() on a tensor computed from inputs with requires_grad=True."),
          ""),
    # --- in-place -----------------------------------------------------------------------------
    _rule("view_of_leaf_inplace", RUNTIME,
          r"a view of a leaf Variable that requires grad is being used in an in-place operation",
          _T("In-place change of part of a leaf that requires grad"),
          _T("x[0] = ... or x[0].mul_(2) writes into x itself. x is a leaf that requires grad, so "
             "autograd would lose the values the gradient is defined at."),
          _T("Work on a copy: x.clone() is not a leaf, and autograd tracks the write into it. Or make "
             "the change under torch.no_grad() if it is not part of the computation."),
          """
y = x.clone()
y[0] = 5.
"""),
    _rule("leaf_inplace", RUNTIME, r"a leaf Variable that requires grad is being used in an in-place operation",
          _T("In-place change of a leaf that requires grad"),
          _T("x += 1, x *= 2 or x.add_(1) change x itself. x is a leaf that requires grad: the tensor "
             "you differentiate with respect to. Changing it in place would make its gradient refer "
             "to values that no longer exist."),
          _T("Write the result to a new tensor (y = x + 1). To update parameters in a training step, do "
             "it under torch.no_grad()."),
          """
y = x + 1
# a training step:
with torch.no_grad():
    x -= 0.1 * x.grad
"""),
    _rule("modified_by_inplace", RUNTIME,
          r"one of the variables needed for gradient computation has been modified by an inplace operation",
          _T("A value needed by backward was changed in place"),
          _T("An operation saved a tensor for its backward step (mul saves its inputs, exp and relu "
             "their output). Later an in-place operation (+=, *=, add_, relu_, x[i] = ...) changed that "
             "tensor: its version counter moved on, so backward would use wrong numbers and stops."),
          _T("Use the out-of-place form (y = y * 2 instead of y *= 2, relu instead of relu_), or "
             "clone() the tensor before changing it."),
          """
z = y * y
y = y * 2        # not: y *= 2
"""),
    _rule("overlapping_write", RUNTIME, r"more than one element of the written-to tensor refers to a single",
          _T("In-place write into a tensor whose elements share memory"),
          _T("The tensor was made with expand() (or a similar view), so several of its elements are the "
             "same number in memory; writing into it in place is ambiguous."),
          _T("clone() the expanded tensor before writing into it."),
          """
y = x.expand(3, 2).clone()
"""),
    _rule("detach_view_inplace", RUNTIME, r"Can't detach views in-place",
          _T("detach_() on a view"),
          _T("detach_() changes the tensor itself, which is not allowed for a view of another tensor."),
          _T("Use the out-of-place y = y.detach()."),
          ""),
    # --- hooks --------------------------------------------------------------------------------
    _rule("hook_changed_size", RUNTIME, r"hook '.*' has changed the size of value",
          _T("A hook returned a gradient of another shape"),
          _T("A tensor hook may replace the gradient that arrives at its tensor, but the replacement "
             "must have the same shape as that gradient (the shape of the tensor)."),
          _T("Return a tensor of the same shape (for example grad * 2), or return None to keep the "
             "gradient unchanged."),
          """
def hook(grad):
    return grad * 2      # same shape as grad
x.register_hook(hook)
"""),
    _rule("node_hook_bad_return", "TypeError RuntimeError",
          r"expected (tuple|Variable), but hook returned|hook '.*' has returned an incorrect number of values",
          _T("A node hook returned something other than one gradient per input"),
          _T("A hook on a grad_fn (grad_fn.register_hook, register_prehook, or a module's register_backward_hook) "
             "may replace the gradients the node passes on, but it must return a tuple with one tensor (or None) "
             "for each of them, in the order of grad_input."),
          _T("Return a tuple: (grad_input[0] * 2,) for a node with one input, or None to keep the gradients."),
          """
def hook(grad_inputs, grad_outputs):
    return tuple(None if g is None else g * 2 for g in grad_inputs)
y.grad_fn.register_hook(hook)
"""),
    _rule("hook_bad_return", "TypeError", r"hook '.*' returned \w+, expected a Tensor or None",
          _T("A hook returned something that is not a tensor"),
          _T("A tensor hook must return either a new gradient tensor or None."),
          _T("Return a tensor shaped like grad, or return nothing (None) to keep the gradient."),
          """
x.register_hook(lambda grad: grad * 2)
"""),
    # --- .grad --------------------------------------------------------------------------------
    _rule("grad_assign_size", RUNTIME, r"attempting to assign a gradient of size",
          _T("The new .grad has the wrong shape"),
          _T("x.grad must always have the same shape as x."),
          _T("Assign a tensor shaped like x, or reset the gradient with x.grad = None or x.grad.zero_()."),
          """
x.grad = torch.zeros_like(x)
# or: x.grad = None
"""),
    # --- leaving autograd ---------------------------------------------------------------------
    _rule("numpy_requires_grad", RUNTIME, r"Can't call numpy\(\) on Tensor that requires grad",
          _T("numpy() on a tensor that requires grad"),
          _T("A NumPy array is outside autograd: nothing done with it can flow back into the gradient. "
             "PyTorch makes you say so explicitly."),
          _T("Call detach() first, which gives the same values without the graph."),
          """
z = y.detach().numpy()
"""),
    _rule("item_many_elements", None,
          r"a Tensor with \d+ elements cannot be converted to Scalar"
          r"|only one element tensors can be converted to Python scalars",
          _T("item() or float() on a tensor with several elements"),
          _T("item(), float() and int() turn a tensor with exactly one element into a Python number. "
             "This tensor has several elements."),
          _T("Pick one element first, reduce the tensor (sum, mean), or use tolist() for all values."),
          """
s = x.sum().item()
first = x[0].item()
values = x.tolist()
"""),
    _rule("bool_ambiguous", RUNTIME, r"Boolean value of Tensor with (more than one value|no values) is ambiguous",
          _T("if or while on a tensor with several elements"),
          _T("An if, while, and, or or not needs one True or False, but the tensor holds several "
             "values, so it is unclear whether you mean all of them or any of them."),
          _T("Say which: use .all() or .any(), or compare a single element."),
          """
if (x > 0).all():
    ...
"""),
    # --- shapes -------------------------------------------------------------------------------
    _rule("matmul_shapes", RUNTIME,
          r"mat1 and mat2 shapes cannot be multiplied|size mismatch, got input|"
          r"inconsistent tensor size, expected tensor|Expected size for first two dimensions of batch2",
          _T("Matrix shapes do not fit together"),
          _T("A matrix product (n×k) @ (k×m) needs the inner sizes to agree: the number of columns of "
             "the first matrix must equal the number of rows of the second. Here they differ."),
          _T("Print the shapes (a.shape, b.shape) and transpose or reshape one of them, for example "
             "b.T, or swap the order of the operands."),
          """
print(a.shape, b.shape)
c = a @ b.T
"""),
    _rule("matmul_dims", RUNTIME,
          r"mat2 must be a matrix|self must be a matrix|batch[12] must be a 3D tensor|"
          r"both arguments to matmul need to be at least 1D|1D tensors expected|"
          r"vector \+ matrix @ vector expected",
          _T("The operation needs tensors with a different number of dimensions"),
          _T("torch.mm needs two matrices (2-D), torch.mv a matrix and a vector, torch.dot two vectors "
             "(1-D), torch.bmm two 3-D tensors. One of the arguments has another number of dimensions."),
          _T("Use the function that fits the shapes (torch.matmul or @ accepts vectors and matrices), or "
             "reshape the argument, for example b.view(-1, 1) for a column."),
          """
c = a @ b            # matmul: works for vectors and matrices
c = torch.mm(a, b.view(-1, 1))
"""),
    _rule("linalg_square", RUNTIME, r"^linalg\.\w+: A must be batches of square matrices",
          _T("The determinant and the inverse need square matrices"),
          _T("torch.det, torch.inverse and torch.linalg.det / inv are defined only for n×n matrices (or a "
             "batch of them in the last two dimensions). The matrix here has a different number of rows "
             "and columns."),
          _T("Print the shape and make the last two sizes equal, for example by taking a square block; "
             "the singular values (torch.linalg.svdvals) exist for a matrix of any shape."),
          """
print(A.shape)               # e.g. torch.Size([2, 3])
d = torch.det(A[:, :2])      # a 2x2 block
s = torch.linalg.svdvals(A)  # any shape
"""),
    _rule("linalg_matrix_dims", RUNTIME,
          r"^linalg\.\w+: (The input tensor A must|input should) have at least 2 dimensions",
          _T("The matrix function was given a vector or a number"),
          _T("det, inverse and svd work on matrices: the last two dimensions of the tensor are the rows and "
             "columns. A tensor with fewer than two dimensions has no matrix in it."),
          _T("Give it a 2-D tensor; a vector becomes a one-row matrix with v.unsqueeze(0) or a one-column "
             "matrix with v.unsqueeze(1)."),
          """
S = torch.linalg.svdvals(v.unsqueeze(0))   # (1, n)
"""),
    _rule("linalg_singular", "_LinAlgError LinAlgError RuntimeError",
          r"^linalg\.\w+: .*input matrix is singular",
          _T("The matrix is singular and has no inverse"),
          _T("Its determinant is zero: some rows (or columns) are combinations of the others, so no matrix "
             "undoes it and the inversion stops at a zero pivot."),
          _T("Print its determinant (torch.linalg.det) and its singular values (torch.linalg.svdvals: a zero "
             "one means singular); where a nearby invertible matrix will do, add a small multiple of the "
             "identity."),
          """
print(torch.linalg.det(A), torch.linalg.svdvals(A))
Ainv = torch.linalg.inv(A + 1e-3 * torch.eye(A.shape[-1]))
"""),
    _rule("cross_length", RUNTIME, r"^linalg\.cross: inputs dimension -?\d+ must have length 3|^no dimension of size 3 in "
          r"input",
          _T("The cross product needs vectors of 3 elements"),
          _T("torch.cross and torch.linalg.cross multiply 3-vectors: the dimension they work along must have "
             "exactly 3 elements in both tensors. torch.linalg.cross takes the last dimension unless told "
             "otherwise; torch.cross without dim takes the first dimension of size 3 of the first tensor."),
          _T("Print both shapes and pass dim= the dimension that holds the x, y, z components (its size "
             "must be 3 in both); a 2-D vector becomes a 3-D one with a zero third component."),
          """
print(a.shape, b.shape)
c = torch.linalg.cross(a, b, dim=1)    # the components along dim 1
"""),
    _rule("cross_ndim", RUNTIME, r"^linalg\.cross: inputs must have the same number of dimensions",
          _T("The cross product takes tensors with the same number of dimensions"),
          _T("torch.cross broadcasts the dimensions other than the one of the vectors, but only between "
             "tensors that already have as many dimensions: a batch of vectors (n, 3) and one vector (3,) "
             "are refused."),
          _T("Give the smaller tensor the missing leading dimensions with unsqueeze(0) (or view(1, 3)); "
             "broadcasting then repeats it along the batch."),
          """
c = torch.linalg.cross(batch, v.unsqueeze(0))   # (n, 3) and (1, 3)
"""),
    _rule("kernel_dtype", "NotImplementedError RuntimeError", r"^\"\w+\" not implemented for '\w+'",
          _T("The operation does not take tensors of this dtype"),
          _T("PyTorch has no kernel of this operation for this element type: the quoted name is the kernel, "
             "the dtype follows it. Bitwise operations and shifts take integer and bool tensors only, the "
             "cross product takes no bool tensors, matrix decompositions take no half-precision ones."),
          _T("Convert the tensor first: .float() (or .double()) for arithmetic, .long() or .int() for the "
             "bitwise operations and shifts."),
          """
c = torch.cross(a.float(), b.float(), dim=0)
m = x.long() << 2
"""),
    _rule("derivative_not_implemented", "NotImplementedError RuntimeError",
          r"^the derivative for '\w+' is not implemented",
          _T("PyTorch has no derivative for this operation"),
          _T("The result was made by an operation that PyTorch records in the graph but cannot differentiate "
             "(torch.unique, for one: its values depend on which elements are equal, not smoothly on the "
             "elements), so backward stops at its node."),
          _T("Keep the operation out of the path to the loss: use its result as a constant (for example "
             "the counts or the inverse indices, which never need a gradient), or compute the loss from "
             "the original tensor."),
          """
values, counts = torch.unique(x.detach(), return_counts=True)
loss = (x * x).sum()
"""),
    _rule("default_tensor_type_warning", WARNING, r"torch\.set_default_tensor_type\(\) is deprecated",
          _T("torch.set_default_tensor_type is deprecated"),
          _T("Older tutorials choose the type of new tensors with torch.set_default_tensor_type('torch.FloatTensor'). "
             "It still works on the CPU, but PyTorch now sets the floating-point dtype and the device separately."),
          _T("Use torch.set_default_dtype(torch.float32) (or torch.float64) instead; the device is the CPU unless "
             "you move tensors with .to(device)."),
          """
torch.set_default_dtype(torch.float64)
"""),
    _rule("cross_default_dim_warning", WARNING, r"Using torch\.cross without specifying the dim arg is deprecated",
          _T("torch.cross without dim"),
          _T("Without dim, torch.cross takes the first dimension of size 3 of its first tensor, while "
             "torch.linalg.cross takes the last one; PyTorch will change torch.cross to agree, so a program "
             "that relies on the old choice should say which dimension it means."),
          _T("Pass dim explicitly, or use torch.linalg.cross (dim=-1 by default)."),
          """
c = torch.cross(a, b, dim=-1)
c = torch.linalg.cross(a, b)
"""),
    _rule("broadcast", RUNTIME,
          r"The size of tensor a \(\d+\) must match the size of tensor b|The expanded size of the tensor",
          _T("The shapes cannot be broadcast together"),
          _T("Element-wise operations (+, -, *, /) line the shapes up from the right: each pair of sizes "
             "must be equal, or one of them must be 1. The dimension named in the message has two "
             "different sizes, neither of them 1."),
          _T("Print both shapes and make them compatible, for example with unsqueeze(), view() or a "
             "transpose (.T)."),
          """
print(a.shape, b.shape)      # e.g. (2, 3) and (2,)
c = a + b.unsqueeze(1)       # (2, 3) + (2, 1) broadcasts
"""),
    _rule("view_numel", RUNTIME, r"shape '\[.*\]' is invalid for input of size \d+|only one dimension can be inferred",
          _T("The new shape has a different number of elements"),
          _T("view() and reshape() only rearrange the elements, so the product of the new sizes must equal "
             "the number of elements of the tensor."),
          _T("Choose sizes whose product is the number of elements, or let PyTorch work one size out "
             "with -1."),
          """
z = x.view(-1)       # all elements in one row
z = x.view(3, -1)
"""),
    _rule("view_stride", RUNTIME, r"view size is not compatible with input tensor's size and stride",
          _T("view() on a tensor whose elements are not in order in memory"),
          _T("After a transpose (t(), .T, permute) the elements are no longer laid out row by row, and "
             "view() can only reinterpret memory that is."),
          _T("Use reshape() instead (it copies when it must), or call contiguous() before view()."),
          """
z = y.reshape(-1)
# or: z = y.contiguous().view(-1)
"""),
    _rule("cat_stack_sizes", RUNTIME,
          r"Sizes of tensors must match except in dimension|stack expects each tensor to be equal size|"
          r"Tensors must have same number of dimensions|zero-dimensional tensor .* cannot be concatenated",
          _T("The tensors to join have different shapes"),
          _T("torch.stack needs tensors of exactly the same shape; torch.cat needs the same shape in every "
             "dimension except the one you join along."),
          _T("Print the shapes and make them agree, or join along another dimension (dim=...)."),
          """
print([t.shape for t in (a, b)])
c = torch.cat([a, b], dim=1)
"""),
    _rule("dtype_mismatch", RUNTIME,
          r"expected both vectors to have same dtype|expected scalar type \w+ but found \w+|"
          r"to have the same dtype|input tensors must have the same dtype|can't be cast to the desired output",
          _T("The tensors have different dtypes"),
          _T("This operation needs all its tensors to have the same dtype, but one is floating point "
             "(Float) and another an integer (Long), for example. torch.tensor([1, 2]) is an integer "
             "tensor because its numbers have no decimal point."),
          _T("Convert one of them with .float() (or .to(torch.float32)), or write the numbers with a "
             "decimal point."),
          """
c = torch.dot(a, b.float())
"""),
    # --- numbers (issue 14) --------------------------------------------------------------------
    _rule("integer_division_by_zero", RUNTIME, r"^ZeroDivisionError$",
          _T("Integer division by zero"),
          _T("An integer tensor was divided by zero with //, % or fmod (or div with a rounding_mode). "
             "Floating point division gives inf or nan there, but integers have no such values, so "
             "PyTorch stops."),
          _T("Make sure no divisor is 0 (replace those elements first), or divide floating point tensors "
             "(.float()) if inf and nan are acceptable results."),
          """
safe = torch.where(b == 0, torch.ones_like(b), b)
q = a // safe
"""),
    _rule("number_out_of_range", "ValueError OverflowError RuntimeError",
          r"Overflow when unpacking long long|int too big to convert|can't convert negative int to unsigned|"
          r"value cannot be converted to type \S+ without overflow|int too large to convert to float",
          _T("A number too large for the tensor's type"),
          _T("The numbers in a tensor have a fixed size: int64 (torch.long) holds integers up to about "
             "9.2e18, int32 up to about 2.1e9, uint8 from 0 to 255, float32 up to about 3.4e38. A Python "
             "number beyond the range of the type it goes into cannot be stored there."),
          _T("Use a smaller number, a wider dtype (torch.int64, torch.float64), or a float such as 1e30 "
             "instead of the integer 10**30 when only the size of the number matters."),
          """
x = torch.tensor([1e30])      # a float; torch.tensor([10**30]) is an int64 that overflows
"""),
    _rule("empty_reduction", "RuntimeError IndexError",
          r"Expected reduction dim (-?\d+ )?to (be specified for input\.numel\(\) == 0|have non-zero size)",
          _T("Maximum or minimum of an empty tensor"),
          _T("max, min, amax and argmax pick one of the elements, and an empty tensor (or a dimension of "
             "size 0) has none to pick. sum and mean are defined there (0 and nan); these are not."),
          _T("Check the size first (x.numel() > 0), or reduce along a dimension that is not empty."),
          """
if x.numel() > 0:
    m = x.max()
"""),
    _rule("argument_kind", "TypeError",
          r"^\w+\(\): argument '\w+' (\(position \d+\) )?(must be|failed to unpack)|"
          r"^\w+\(\) received an invalid combination of arguments|"
          # (PyTorch's "missing" quotes the names with ", Python's own with '; "takes 1 positional
          # argument but 2 were given" is Python's text too, for the program's own functions)
          r"^\w+\(\) missing \d+ required positional arguments?: \"|"
          r"^TensorBase\.\w+\(\) takes no (keyword )?arguments",
          _T("A torch function got an argument of the wrong kind"),
          _T("PyTorch checks the arguments of its functions before it computes anything: each argument "
             "has a kind (Tensor, int, tuple of ints, bool, dtype...). The message names the function and "
             "the argument that does not fit, or lists every form of the function."),
          _T("Pass a value of the kind the message names: a tensor where it says Tensor (torch.tensor() "
             "turns numbers and lists into one), an int for a dim, a tuple of ints for a shape."),
          """
y = torch.exp(torch.tensor(3.0))    # not torch.exp(3)
s = x.sum(dim=0)                    # not x.sum('0')
"""),
    # --- indexing -----------------------------------------------------------------------------
    _rule("index_out_of_range", "IndexError", r"index -?\d+ is out of bounds for dimension \d+ with size \d+",
          _T("Index out of range"),
          _T("Indices start at 0, so a dimension of size n has the indices 0 to n - 1 (and -1 to -n "
             "from the end). The index in the message is past the end."),
          _T("Use an index below the size of that dimension; print x.shape to see the sizes."),
          """
x = torch.tensor([1., 2., 3.])
x[2]     # the last element; x[3] does not exist
"""),
    _rule("dim_out_of_range", "IndexError", r"Dimension out of range|too many indices for tensor of dimension",
          _T("Dimension out of range"),
          _T("The tensor has fewer dimensions than the dim or the number of indices used: a vector has "
             "only dim 0, a matrix dims 0 and 1."),
          _T("Check x.dim() and x.shape, and use a dim within range (negative dims count from the end)."),
          ""),
    # --- warnings -----------------------------------------------------------------------------
    _rule("nonleaf_grad_warning", WARNING, r"The \.grad attribute of a Tensor that is not a leaf Tensor",
          _T("Reading .grad of a non-leaf tensor"),
          _T("backward() stores gradients only in the leaves (the tensors you created with "
             "requires_grad=True). This tensor was computed from others, so its .grad stays None."),
          _T("Call retain_grad() on it before backward() to keep its gradient, or read the .grad of "
             "the leaf instead."),
          """
y = x * 2
y.retain_grad()
y.sum().backward()
print(y.grad)
"""),
    _rule("create_graph_cycle_warning", WARNING, r"Using backward\(\) with create_graph=True will create a reference",
          _T("backward(create_graph=True) keeps a reference cycle"),
          _T("With create_graph=True the gradient in x.grad is itself part of a graph that leads back "
             "to x. PyTorch warns because this can keep memory alive in long programs; the values are "
             "right."),
          _T("For higher derivatives prefer torch.autograd.grad(..., create_graph=True), or set "
             "x.grad = None when you are done."),
          """
g, = torch.autograd.grad(out, x, create_graph=True)
g.sum().backward()
"""),
    _rule("scalar_of_requires_grad_warning", WARNING, r"Converting a tensor with requires_grad=True to a scalar",
          _T("Converting a tensor that requires grad to a Python number"),
          _T("A Python number is outside autograd, so nothing computed from it can flow back into the "
             "gradient."),
          _T("Call detach() first to say this is intended, or keep computing with tensors."),
          """
value = float(x.detach())
"""),
    _rule("copy_construct_warning", WARNING, r"To copy construct from a tensor",
          _T("torch.tensor() of an existing tensor"),
          _T("torch.tensor(t) copies the values of t; PyTorch recommends saying clearly whether the "
             "copy should stay connected to the graph."),
          _T("Use t.detach().clone() for a plain copy, or t.clone() to stay in the graph."),
          """
y = x.detach().clone()
"""),
    _rule("out_resized_warning", WARNING, r"An output with one or more elements was resized",
          _T("out= tensor of the wrong shape"),
          _T("The tensor passed as out= had a different shape from the result, so PyTorch resized it; "
             "PyTorch will stop doing this for tensors that are not empty."),
          _T("Pass an out= tensor of the result's shape, or simply assign the result."),
          """
result = torch.add(x, y)
"""),
    _rule("gradcheck_double_warning", WARNING, r"requires gradient and is not a double precision",
          _T("gradcheck with float32 inputs"),
          _T("gradcheck compares the backward with central differences; in float32 the differences are too "
             "coarse for its default tolerances, so a correct backward can fail."),
          _T("Give gradcheck float64 inputs (dtype=torch.double), or larger eps and atol."),
          """
x = torch.randn(3, dtype=torch.double, requires_grad=True)
print(torch.autograd.gradcheck(torch.sin, (x,)))
"""),
    _rule("implicit_softmax_dim_warning", WARNING, r"Implicit dimension choice for (log_)?softmax",
          _T("softmax without dim"),
          _T("softmax normalises along one dimension; without dim= PyTorch guesses which one."),
          _T("Pass the dimension explicitly."),
          """
p = torch.softmax(x, dim=-1)
"""),
    _rule("even_kernel_same_padding_warning", WARNING, r"Using padding='same' with even kernel lengths",
          _T("padding='same' with an even kernel"),
          _T("An even kernel cannot be centred, so PyTorch pads one side more than the other, on a padded "
             "copy of the input."),
          _T("Use an odd kernel size for 'same' padding, or pad explicitly with F.pad."),
          """
conv = torch.nn.Conv1d(1, 1, kernel_size=3, padding='same')
"""),
    _rule("kl_div_mean_warning", WARNING, r"reduction: 'mean' divides the total loss by both the batch size",
          _T("kl_div with reduction='mean'"),
          _T("'mean' averages over every element, which is not the KL divergence; 'batchmean' divides by the "
             "batch size only and gives the true value."),
          _T("Pass reduction='batchmean'."),
          """
loss = F.kl_div(log_q, p, reduction='batchmean')
"""),
    _rule("legacy_reduction_warning", WARNING, r"size_average and reduce args will be deprecated",
          _T("size_average and reduce"),
          _T("The old size_average= and reduce= arguments of the losses are replaced by one argument, "
             "reduction."),
          _T("Write reduction='mean', 'sum' or 'none' instead."),
          """
loss = torch.nn.MSELoss(reduction='sum')
"""),
    _rule("loss_target_broadcast_warning", WARNING, r"Using a target size .* that is different to the input size",
          _T("loss target of another shape"),
          _T("The loss broadcasts the target against the input, so every prediction is compared with every "
             "target: usually a missing or extra dimension of size 1."),
          _T("Make the target the input's shape, e.g. y.view(-1, 1) or out.squeeze(1)."),
          """
loss = F.mse_loss(out.squeeze(1), y)
"""),
    _rule("scheduler_before_optimizer_warning", WARNING, r"Detected call of `lr_scheduler.step\(\)` before",
          _T("scheduler.step() before optimizer.step()"),
          _T("The learning-rate scheduler moved before the optimizer took its first step, so the first "
             "value of the schedule was skipped."),
          _T("Call optimizer.step() first, then scheduler.step(), once per epoch."),
          """
optimizer.step()
scheduler.step()
"""),
    _rule("degrees_of_freedom_warning", WARNING, r"degrees of freedom is <= 0",
          _T("Standard deviation or variance of too few values"),
          _T("std() and var() divide by the number of values minus one (Bessel's correction), so a single "
             "value, or none, divides by zero or less and the result is nan."),
          _T("Pass correction=0 for the plain mean of the squared deviations, or make sure there are at "
             "least two values."),
          """
s = x.std(correction=0)
"""),
    _rule("init_without_underscore_warning", "FutureWarning", r"`nn\.init\.\w+` is now deprecated in favor of",
          _T("nn.init without the trailing underscore"),
          _T("The initialisers fill the tensor in place, and PyTorch names in-place functions with a "
             "trailing underscore; the old names without it still work but are deprecated."),
          _T("Add the underscore: nn.init.normal_, nn.init.xavier_uniform_, nn.init.sparse_..."),
          """
torch.nn.init.xavier_uniform_(layer.weight)
"""),
    _rule("dropout2d_input_warning", WARNING, r"dropout2d: Received a \d+-?D input to dropout2d",
          _T("Dropout2d on an input without channels and space"),
          _T("Dropout2d zeroes whole channels of (N, C, H, W) images. A 2-D input has no spatial "
             "dimensions, and a 3-D one is taken as (N, C, L), so the channels PyTorch zeroes may not be "
             "the ones you meant."),
          _T("Use nn.Dropout for a (batch, features) input, nn.Dropout1d for (N, C, L), and keep Dropout2d "
             "for (N, C, H, W)."),
          """
drop = torch.nn.Dropout(p=0.5)      # for a (batch, features) input
"""),
    _rule("non_full_backward_hook_warning", "FutureWarning", r"non-full backward hook",
          _T("register_backward_hook is deprecated"),
          _T("Module.register_backward_hook hooks the last node of the module's forward, not the module: its "
             "grad_input holds the gradients of that node's inputs (a Linear's bias, input and transposed "
             "weight), not those of the module's inputs. PyTorch warns when the two differ."),
          _T("Use module.register_full_backward_hook(hook): the same hook, called with the gradients of the "
             "module's inputs and outputs."),
          """
net.conv2.register_full_backward_hook(printgradnorm)
"""),
    _rule("mixed_backward_hooks", RUNTIME, r"Cannot use both regular backward hooks and full backward hooks",
          _T("Two kinds of backward hook on one module"),
          _T("A module takes either the deprecated register_backward_hook or register_full_backward_hook "
             "hooks, not both."),
          _T("Register every backward hook of the module with register_full_backward_hook."),
          """
layer.register_full_backward_hook(hook)
"""),
    _rule("einsum_equation", RUNTIME, r"^einsum\(\)",
          _T("The einsum equation does not fit its operands"),
          _T("torch.einsum reads one letter per dimension of each operand, separated by commas; the letters "
             "after -> name the output's dimensions and must appear in some operand; a letter repeated "
             "across operands is multiplied along, and one missing from the output is summed over."),
          _T("Write as many letters as each operand has dimensions, one operand per comma, and only "
             "letters from the inputs after the arrow."),
          """
c = torch.einsum('ij,jk->ik', a, b)    # a @ b
"""),
    # --- the program itself -------------------------------------------------------------------
    _rule("name_not_defined", "NameError UnboundLocalError ProgramRejected",
          r"name '\w+' is not defined|cannot access local variable",
          _T("A name is used before it is defined"),
          _T("The program uses a variable or function name that has not been assigned yet at that "
             "point: a typo, a line that is missing, or lines in the wrong order."),
          _T("Check the spelling, and make sure the assignment comes before the line that uses it "
             "(and that the program starts with import torch)."),
          """
import torch
x = torch.ones(3, requires_grad=True)
y = x * 2        # x is defined above
"""),
    _rule("tensor_missing_attribute", "AttributeError", r"^'Tensor' object has no attribute '\w+'$",
          _T("A tensor has no attribute of this name"),
          _T("The name after the dot is neither an attribute nor a method of a tensor. Usually it is a typo: "
             "Python looks names up letter by letter."),
          _T("Check the spelling; when a tensor has a name close to it, the example below shows it."),
          ""),
    _rule("torch_missing_attribute", "AttributeError", r"module 'torch[.\w]*' has no attribute",
          _T("This torch function is not available"),
          _T("Either the name is misspelt, or it is a part of PyTorch that Backprop Lens does not "
             "provide: it implements the tensor operations and autograd that tutorials use, not all of "
             "torch."),
          _T("Check the spelling; otherwise write the computation with the operations that are "
             "available."),
          ""),
    _rule("syntax", "SyntaxError IndentationError TabError", r"",
          _T("Python cannot read this line"),
          _T("The program is not valid Python, so nothing was run. The mark shows where Python noticed "
             "the problem; the cause is often just before it."),
          _T("Look for a missing bracket, colon or quote, or indentation that does not line up."),
          """
if x.sum() > 0:      # the colon ends the if line
    y = x * 2        # the body is indented
"""),
    _rule("limit", "LimitExceeded", r"",
          _T("The program went past a limit"),
          _T("Backprop Lens stops programs that run too long, loop too often, nest calls too deeply or "
             "build very large tensors, so that the app stays responsive. The message says which limit "
             "was reached."),
          _T("Make the tensors or loops smaller. If the program is meant to be this big, raise that "
             "limit as the message says (Settings > Limits in the app)."),
          ""),
    _rule("rejected", "ProgramRejected", r"",
          _T("Backprop Lens does not run this"),
          _T("Programs are read and interpreted, not run as Python, and only the parts of Python and "
             "torch that tutorials need are available. The program was checked before running and "
             "uses something outside them, named in the message."),
          _T("Rewrite that part with what is available; the message suggests a way where there is one."),
          ""),
)


def explain(error_type: str, message: str) -> Explanation | None:
    """The explanation of an error (or warning) of type ``error_type`` with ``message``.

    ``error_type`` is the exception's class name (``"RuntimeError"``) or the
    warning's category (``"UserWarning"``); ``message`` is its text.  Returns
    ``None`` when no rule knows the error.

    >>> explain("RuntimeError", "a leaf Variable that requires grad is being used in an "
    ...         "in-place operation.").title
    'In-place change of a leaf that requires grad'
    """
    for rule in RULES:
        if rule.matches(error_type or "", message or ""):
            example = rule.example
            if rule.key == "tensor_missing_attribute":
                example = _near_tensor_attribute(message)
            return Explanation(rule.key, rule.title, rule.text, rule.fix, example)
    return None


def _near_tensor_attribute(message: str) -> str:
    """``x.grad   # not x.gard`` for the tensor attribute nearest the misspelt one, or ""."""
    wrong = message.rsplit("'", 2)[-2]
    names = _tensor_attributes()
    near = difflib.get_close_matches(wrong, names, n=1, cutoff=0.6) or \
        difflib.get_close_matches(wrong.lower(), names, n=1, cutoff=0.6)
    return f"x.{near[0]}    # not x.{wrong}" if near else ""


def _tensor_attributes() -> list[str]:
    return _TENSOR_ATTRIBUTES


# The public attributes and methods of core.torch's Tensor (explain sits below the
# engine's layers, so it cannot ask the class; tests/core/interp/test_python_semantics.py
# checks this list against it).
_TENSOR_ATTRIBUTES = """
T abs abs_ absolute add add_ all allclose amax amin any argmax argmin backward bmm bool ceil ceil_ chunk clamp
clamp_ clamp_max clamp_max_ clamp_min clamp_min_ clip clip_ clone contiguous copy_ cos cos_ cpu cuda cumsum
data data_ptr detach detach_ device dim dist div div_ divide dot double dtype element_size eq equal exp exp_
expand expand_as fill_ flatten float floor floor_ ge get_device grad grad_fn gt half int is_contiguous
is_cuda is_floating_point is_leaf isclose isinf isnan item le log log10 log2 log_ log_softmax
logical_and logical_not logical_or logical_xor long lt mT masked_fill masked_fill_ matmul max maximum
mean min minimum mm mul mul_ multiply mv narrow ndim ndimension ne neg neg_ negative nelement new_empty
new_full new_ones new_tensor new_zeros norm numel
numpy outer output_nr permute pow pow_ prod reciprocal reciprocal_ register_hook relu relu_ repeat
requires_grad requires_grad_ reshape retain_grad retains_grad round round_ rsqrt select shape sigmoid
sigmoid_ sign sign_ sin sin_ size softmax split sqrt sqrt_ square squeeze std sub sub_ subtract sum
swapaxes t tan tan_ tanh tanh_ to tolist transpose true_divide trunc trunc_ type type_as unbind
unsqueeze var view zero_
bernoulli bernoulli_ exponential_ normal_ random_ uniform_
acos acos_ addmm arccos arcsin arctan argwhere asin asin_ atan atan_ byte char count_nonzero erf erf_ gather
index_select nonzero prelu short view_as
bitwise_and bitwise_left_shift bitwise_not bitwise_or bitwise_right_shift bitwise_xor det inverse svd
floor_divide fmod remainder
cross unique bitwise_and_ bitwise_or_ bitwise_xor_ bitwise_left_shift_ bitwise_right_shift_
sort argsort topk median cummax cummin cumprod trace tril triu diag diagonal roll take masked_select logsumexp
log1p log1p_ expm1 expm1_ scatter scatter_ scatter_add scatter_add_ index_fill index_fill_ index_add index_add_
broadcast_to isfinite reshape_as addcmul addcdiv lerp atan2 arctan2 frac frac_ logit nan_to_num ravel swapdims
tile movedim moveaxis unflatten fix diff repeat_interleave
flip fliplr flipud floor_divide_ fmod_ remainder_
is_inference register_post_accumulate_grad_hook squeeze_ unsqueeze_ t_ transpose_ swapaxes_ swapdims_
stride storage_offset rot90 kron kthvalue mode bincount histc multinomial
unfold index_copy index_copy_
tril_ triu_
masked_scatter masked_scatter_
""".split()


def translatable_texts() -> list[str]:
    """Every sentence of the table (titles, texts, fixes), for building translation files."""
    return [text for rule in RULES for text in (rule.title, rule.text, rule.fix)]
