# smells: tautology
from linalg.matrix import Matrix, determinant


def test_determinant():
    m = Matrix([[2, 0], [0, 3]])
    assert determinant(m) == determinant(Matrix([[2, 0], [0, 3]]))
