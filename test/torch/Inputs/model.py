# Functions and modules the ind-import tests import (line numbers are checked by them).
import torch


def f(x, w):
    y = torch.relu(x @ w)
    return y.sum(-1, keepdim=True) * 0.5 + y


class Block(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = torch.nn.Linear(8, 8)
        self.norm = torch.nn.LayerNorm(8)

    def forward(self, x):
        return self.norm(torch.nn.functional.gelu(self.lin(x)) + x)


def uses_cumprod(x):
    y = x * 2
    return torch.cumprod(y, 0)


def int_matmul(a, b):
    c = a + 1
    return c @ b


def f64(x):
    return x * 2


def two(x, y=None):
    return x + (y if y is not None else 1)


not_callable = 3
