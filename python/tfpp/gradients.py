"""tf.custom_gradient and tf.RegisterGradient: gradients written in Python, run by the C++ tapes."""

import functools

from . import _tfpp


def custom_gradient(f=None):
    """Decorates f(*x) -> (y, grad_fn) so that gradients of y use grad_fn(dy), which returns the
    gradient of each input (a tensor for one input, a list or tuple for several; None for none)."""
    if f is None:
        return custom_gradient

    @functools.wraps(f)
    def decorated(*args, **kwargs):
        inputs = [_tfpp.convert_to_tensor(a) for a in args]
        return _tfpp._custom_gradient_call(inputs, lambda: f(*inputs, **kwargs))

    return decorated


class RegisterGradient:
    """Decorator registering fn(op, *grads) as the gradient of the ops of type `op_type`, which must
    have none (as TensorFlow's, registering one twice raises)."""

    def __init__(self, op_type):
        if not isinstance(op_type, str):
            raise TypeError("op_type must be a string")
        self._op_type = op_type

    def __call__(self, f):
        try:
            _tfpp._register_gradient(self._op_type, f)
        except LookupError as e:  # TensorFlow's registry raises KeyError for a second registration
            raise KeyError(str(e)) from None
        return f
