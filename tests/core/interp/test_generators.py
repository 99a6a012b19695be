"""Generator functions (a ``def`` holding ``yield``), as d2l's ``data_iter`` and tutorials write them.

The expected outputs are what CPython 3.11 prints for the same programs.
"""
from core.interp import Limits
from tests.core.interp.test_language import out, run


def test_d2l_data_iter_gives_batches_lazily_with_pythons_shuffle():
    # d2l's linear regression from scratch: random.shuffle is CPython's generator (seeded 0 per run)
    assert out("""
        import random
        import torch
        random.seed(1)

        def data_iter(batch_size, features, labels):
            num_examples = len(features)
            indices = list(range(num_examples))
            random.shuffle(indices)
            for i in range(0, num_examples, batch_size):
                j = torch.tensor(indices[i: min(i + batch_size, num_examples)])
                print('batch', i)
                yield features.index_select(0, j), labels.index_select(0, j)

        features = torch.arange(20.).reshape(10, 2)
        labels = torch.arange(10.)
        for X, y in data_iter(4, features, labels):
            print(X, y)
            break
        print(sum(len(y) for _, y in data_iter(4, features, labels)))
    """) == ("batch 0\ntensor([[12., 13.],\n        [16., 17.],\n        [18., 19.],\n        [14., 15.]]) "
             "tensor([6., 8., 9., 7.])\nbatch 0\nbatch 4\nbatch 8\n10\n")


def test_send_return_value_and_yield_from():
    assert out("""
        def count(n):
            k = 0
            while True:
                if k >= n:
                    return "done"
                got = yield k
                if got is not None:
                    k += got
                k += 1

        g = count(5)
        print(next(g), g.send(2), next(g))
        print(list(count(3)))
        def chain(*its):
            for it in its:
                yield from it
            yield 'end'
        print(list(chain([1, 2], (3,), count(2))))
        def fib():
            a, b = 0, 1
            while True:
                yield a
                a, b = b, a + b
        print([x for _, x in zip(range(8), fib())])
        try:
            next(count(0))
        except StopIteration as e:
            print("stop", e.value)
        def outer():
            result = yield from count(1)
            yield result
        print(list(outer()))
        print(type(g).__name__, str(g).startswith('<generator object count at 0x'))
    """) == ("0 3 4\n[0, 1, 2]\n[1, 2, 3, 0, 1, 'end']\n[0, 1, 1, 2, 3, 5, 8, 13]\nstop done\n[0, 'done']\n"
             "generator True\n")


def test_an_error_inside_a_generator_stops_at_the_line_that_iterates_with_the_inner_line():
    r = run("""
        def bad():
            yield 1
            raise ValueError("boom")
        for v in bad():
            print(v)
    """)
    assert r.stdout == "1\n"
    assert (r.error.type, r.error.message, r.error.line, r.error.inner_line) == ("ValueError", "boom", 4, 3)


def test_a_generator_body_runs_only_when_asked_and_break_continue_else_work():
    assert out("""
        def gen():
            print('started')
            for i in range(6):
                if i == 1:
                    continue
                if i == 4:
                    break
                yield i
            else:
                yield 'no break'
            yield 'after'
        g = gen()
        print('made')
        print(list(g), list(g))
    """) == "made\nstarted\n[0, 2, 3, 'after'] []\n"


def test_an_endless_generator_is_stopped_by_the_limits():
    r = run("""
        def forever():
            while True:
                yield 1
        total = sum(forever())
    """, limits=Limits(max_seconds=2.0))
    assert r.error is not None and r.error.type == "LimitExceeded"


def test_yield_where_a_generator_cannot_hold_it_is_refused_with_a_way_forward():
    for src, line in (("x = [(yield 1)]\n", 1), ("def f():\n    print((yield 1))\n", 2),
                      ("def f():\n    with open_it():\n        yield 1\n", 3),
                      ("def f():\n    try:\n        yield 1\n    finally:\n        pass\n", 3),
                      ("f = lambda: (yield)\n", 1)):
        r = run(src)
        assert r.rejected and r.error.line == line, (src, r.error)
    r = run("x = [(yield 1)]\n")
    assert r.error.type == "SyntaxError" and r.error.message == "'yield' outside function"
    r = run("def f():\n    print((yield 1))\n")
    assert "statement of its own" in r.error.message


def test_a_generator_reaches_no_internals():
    for attr in ("gi_frame", "gi_code", "_gen", "_interp", "__next__", "throw"):
        r = run(f"def g():\n    yield 1\nx = g()\nx.{attr}\n")
        assert r.error is not None and r.error.type in ("AttributeError", "AttributeDenied", "ProgramRejected"), attr
