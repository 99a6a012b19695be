import resources


def test_default_lesson_is_found_with_importlib_resources():
    assert resources.DEFAULT_LESSON in resources.lesson_names()
    assert "out.backward()" in resources.read_lesson()


def test_unknown_lesson_names_the_known_ones():
    try:
        resources.read_lesson("no_such_lesson.py")
    except FileNotFoundError as error:
        assert resources.DEFAULT_LESSON in str(error)
    else:
        raise AssertionError("expected FileNotFoundError")
