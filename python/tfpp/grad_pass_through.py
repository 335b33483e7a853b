"""tf.grad_pass_through: a function whose value is f's and whose gradient is the identity's."""

import functools

from .gradients import custom_gradient


def grad_pass_through(f):
    """f with the gradient of an identity: upstream gradients pass to its inputs unchanged (the
    variables f reads get none), e.g. to backpropagate through an assignment or a moving average."""

    @custom_gradient
    def passed_through(*args, **kwargs):
        def grad(*upstream, **grad_kwargs):
            variables = grad_kwargs.get("variables")
            if variables is not None:
                return upstream, [None] * len(variables)
            return upstream

        return f(*args, **kwargs), grad

    return functools.wraps(f)(passed_through)
