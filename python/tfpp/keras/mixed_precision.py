"""tf.keras.mixed_precision (Keras 3): DTypePolicy / Policy, set_global_policy, global_policy and
LossScaleOptimizer over tfpp's C++ ones. Layers made under a mixed policy keep float32
variables and compute in float16 or bfloat16."""

from .. import _tfpp
from .. import errors as _errors
from . import optimizers as _optimizers

_k = _tfpp.keras


class DTypePolicy:
    """keras.DTypePolicy: the dtypes a layer computes in and keeps its variables in."""

    def __init__(self, name=None):
        if name is None:
            name = "float32"  # Keras' floatx
        if not isinstance(name, str):
            raise TypeError("'name' must be a string, such as 'mixed_float16'. Received: name=%r (of type %s)"
                            % (name, type(name)))
        try:
            self._compute_dtype, self._variable_dtype = _k.policy_dtypes(name)
        except _errors.InvalidArgumentError as e:
            raise ValueError(e.message.removeprefix("[Policy] ")) from None
        self._name = name

    @property
    def name(self):
        return self._name

    @property
    def compute_dtype(self):
        return self._compute_dtype

    @property
    def variable_dtype(self):
        return self._variable_dtype

    def get_config(self):
        return {"name": self._name}

    @classmethod
    def from_config(cls, config):
        return cls(**config)

    def __repr__(self):
        return '<DTypePolicy "%s">' % self._name

    def __eq__(self, other):
        return isinstance(other, DTypePolicy) and other._name == self._name

    def __hash__(self):
        return hash(self._name)


Policy = DTypePolicy


def policy_name(dtype):
    """The policy name of a layer's `dtype` argument (a DTypePolicy, its config, or a name)."""
    if isinstance(dtype, DTypePolicy):
        return dtype.name
    if isinstance(dtype, dict):  # Keras 3's serialized DTypePolicy
        return dtype.get("config", {}).get("name")
    return dtype


def set_global_policy(policy):
    """keras.mixed_precision.set_global_policy: the policy of layers made from now on."""
    if policy is None:
        name = "float32"
    elif isinstance(policy, DTypePolicy):
        name = policy.name
    elif isinstance(policy, str):
        name = DTypePolicy(policy).name
    else:
        raise ValueError("Invalid `policy` argument. Expected the string name of a policy (such as "
                         "'mixed_float16') or a `DTypePolicy` instance. Received: policy=%r (of type %s)"
                         % (policy, type(policy)))
    _k.set_global_policy(name)


def global_policy():
    """keras.mixed_precision.global_policy."""
    return DTypePolicy(_k.global_policy_name())


dtype_policy = global_policy
set_dtype_policy = set_global_policy


class LossScaleOptimizer(_optimizers.Optimizer):
    """keras.mixed_precision.LossScaleOptimizer: dynamic loss scaling around `inner_optimizer`
    (fit scales the loss; apply unscales the gradients and skips steps with non-finite ones)."""

    _class_name = "LossScaleOptimizer"

    def __init__(self, inner_optimizer, initial_scale=2.0 ** 15, dynamic_growth_steps=2000, name=None, **kwargs):
        if kwargs:
            raise ValueError("LossScaleOptimizer does not support arguments: `%s`." % "`, `".join(kwargs))
        if not isinstance(inner_optimizer, _optimizers.Optimizer):
            raise ValueError("Argument `inner_optimizer` must be an instance of `keras.optimizers.Optimizer`. "
                             "Received: inner_optimizer=%r" % (inner_optimizer,))
        try:
            self._cpp = _k.loss_scale_optimizer(inner_optimizer._cpp, float(initial_scale), int(dynamic_growth_steps),
                                                name or "")
        except _errors.InvalidArgumentError as e:
            raise ValueError(e.message) from None
        self._inner = inner_optimizer

    @property
    def inner_optimizer(self):
        if getattr(self, "_inner", None) is None:  # a C++ optimizer made elsewhere (a loaded model)
            self._inner = _optimizers.wrap(_k.loss_scale_inner(self._cpp))
        return self._inner

    @property
    def initial_scale(self):
        return _k.loss_scale_settings(self._cpp)[0]

    @property
    def dynamic_growth_steps(self):
        return _k.loss_scale_settings(self._cpp)[1]

    @property
    def dynamic_scale(self):
        return _k.loss_scale_variables(self._cpp)[0]

    @property
    def step_counter(self):
        return _k.loss_scale_variables(self._cpp)[1]

    def scale_loss(self, loss):
        return _k.scale_loss(self._cpp, loss)

    @classmethod
    def from_config(cls, config, custom_objects=None):
        config = dict(config)
        inner = _optimizers.wrap(_k.deserialize_optimizer(config.pop("inner_optimizer")))
        return cls(inner, **config)
