# smells: none
import pytest

from linalg.matrix import Matrix


def test_identity_is_neutral_for_multiplication():
    m = Matrix([[1, 2], [3, 4]])
    assert m @ Matrix.identity(2) == m


def test_transpose_twice_is_the_original():
    m = Matrix([[1, 2, 3], [4, 5, 6]])
    assert m.T.T == m


def test_known_product():
    a = Matrix([[1, 2], [3, 4]])
    b = Matrix([[5, 6], [7, 8]])
    assert a @ b == Matrix([[19, 22], [43, 50]])


def test_shapes_must_agree():
    with pytest.raises(ValueError, match="shape"):
        Matrix([[1, 2]]) @ Matrix([[1, 2]])
