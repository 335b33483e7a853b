"""tf.autodiff: forward-mode differentiation (ForwardAccumulator) beside tf.GradientTape.

A ForwardAccumulator records the operations run while it is active on a persistent tape that
watches only its primals, and computes a Jacobian-vector product when jvp() asks for one, by the
double-VJP identity: a backward pass seeded with u gives g(u) = J^T u, linear in u, so J v is the
gradient of <g(u), v> with respect to u. TensorFlow computes the same products at each operation
as it runs; the values are the same, and so is what has none (a tensor computed outside the
accumulator, or from no primal, or of an integer dtype).
"""
import logging

from . import _tfpp, nest

GradientTape = _tfpp.GradientTape

_DUPLICATE_PRIMAL = ("Tensor {} was specified as a primal multiple times. This may indicate an error. If it was "
                     "intended, please sum the corresponding tangents.")


def _differentiable(dtype):
    return dtype.is_floating or dtype.is_complex


class ForwardAccumulator:
    """Computes Jacobian-vector products with tangents given for the primals in advance.

    `with tf.autodiff.ForwardAccumulator(x, v) as acc: y = f(x)`, then `acc.jvp(y)` is J_f(x) v.
    Accumulators nest with each other and with GradientTapes, in either order, for higher
    derivatives (forward-over-backward Hessian-vector products, for one).
    """

    def __init__(self, primals, tangents):
        seen = set()
        for primal in nest.flatten(primals):
            if id(primal) in seen:
                raise ValueError(_DUPLICATE_PRIMAL)
            seen.add(id(primal))
        self._recording = False
        self._watched = []  # (primal, tangent) pairs
        self._tape = _tfpp.GradientTape(persistent=True, watch_accessed_variables=False)
        # The tape is created paused: it watches the primals now and records only inside `with`.
        self._tape.__enter__()
        self._tape.__exit__(None, None, None)
        nest.map_structure(self._watch, primals, tangents)

    def __enter__(self):
        if self._recording:
            raise ValueError("Accumulator is already recording.")
        self._tape.__enter__()
        self._recording = True
        return self

    def __exit__(self, typ, value, traceback):
        if self._recording:
            self._tape.__exit__(typ, value, traceback)
            self._recording = False

    def _watch(self, primal, tangent):
        from . import convert_to_tensor

        if not primal.dtype.is_floating:
            logging.getLogger("tensorflow").warning(
                "The dtype of the watched primal must be floating (e.g. tf.float32), got %r", primal.dtype)
        tangent = convert_to_tensor(tangent, dtype=primal.dtype)
        if not primal.shape.is_compatible_with(tangent.shape):
            raise ValueError("Tangent {} was expected to be of shape {} but is instead of shape {}".format(
                tangent, primal.shape, tangent.shape))
        self._tape.watch(primal)
        self._watched.append((primal, tangent))

    def jvp(self, primals, unconnected_gradients="none"):
        """The Jacobian-vector products of `primals` (a tensor or a structure of them), None where
        a tensor does not depend on the watched primals through operations recorded here (zeros
        with unconnected_gradients="zero")."""
        from . import UnconnectedGradients, zeros_like

        unconnected = UnconnectedGradients(unconnected_gradients)
        flat = nest.flatten(primals)
        for tensor in flat:
            if not isinstance(tensor, (_tfpp.Tensor, _tfpp.Variable)):
                raise AttributeError("'%s' object has no attribute '_id'" % type(tensor).__name__)
        products = self._products(flat)
        if unconnected == UnconnectedGradients.ZERO:
            products = [zeros_like(t) if p is None else p for t, p in zip(flat, products)]
        return nest.pack_sequence_as(primals, products)

    def _products(self, targets):
        products = [None] * len(targets)
        tensors = []  # (position, tensor) of the targets that can have a product
        for position, target in enumerate(targets):
            if isinstance(target, _tfpp.Variable):
                # A variable stands for its handle: its product is the tangent it was watched with.
                tangents = [t for p, t in self._watched if p is target]
                products[position] = _sum(tangents) if tangents else None
            elif _differentiable(target.dtype):
                tensors.append((position, target))
        if tensors and self._watched:
            for (position, _), product in zip(tensors, self._double_vjp([t for _, t in tensors])):
                products[position] = product
        return products

    def _double_vjp(self, targets):
        from . import reduce_sum, zeros_like

        seeds = [zeros_like(t) for t in targets]
        primals = [p for p, _ in self._watched]
        with self._tape.stop_recording(), _tfpp.GradientTape(watch_accessed_variables=False) as seed_tape:
            seed_tape.watch(seeds)
            backward = self._tape.gradient(targets, primals, output_gradients=seeds)
            terms = [reduce_sum(g * t) for g, (_, t) in zip(backward, self._watched) if g is not None]
            if not terms:
                return [None] * len(targets)
            inner_product = _sum(terms)
        return seed_tape.gradient(inner_product, seeds)


def _sum(tensors):
    total = tensors[0]
    for tensor in tensors[1:]:
        total = total + tensor
    return total
