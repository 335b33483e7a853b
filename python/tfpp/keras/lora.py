"""LoRA of keras.layers.Dense, EinsumDense and Embedding: layer.enable_lora(rank, lora_alpha=None,
a_initializer='he_uniform', b_initializer='zeros') on a built layer, as Keras 3 (tfpp's C++ layers
hold the adapters; lora_rank / lora_alpha in the constructor enable it at build)."""

from .. import errors as _errors
from ._config import config_value as _config_value


def enable_lora(self, rank, lora_alpha=None, a_initializer="he_uniform", b_initializer="zeros"):
    """Freezes the kernel and adds the trainable adapters lora_*_a and lora_*_b."""
    try:
        self._cpp.enable_lora(int(rank), None if lora_alpha is None else float(lora_alpha),
                              _config_value(a_initializer), _config_value(b_initializer))
    except _errors.InvalidArgumentError as e:  # Keras raises ValueError, without the "[layer] " prefix
        message = e.message
        if message.startswith("[" + self.name + "] "):
            message = message[len(self.name) + 3:]
        raise ValueError(message) from None


def install(layers):
    """Gives the LoRA-capable classes of the keras.layers module `layers` Keras' LoRA members."""
    for name in ("Dense", "EinsumDense", "Embedding"):
        cls = getattr(layers, name)
        cls.enable_lora = enable_lora
        cls.lora_enabled = property(lambda self: self._cpp.lora_enabled)
        cls.lora_rank = property(lambda self: self._cpp.get_config().get("lora_rank"))
        cls.lora_alpha = property(lambda self: self._cpp.get_config().get("lora_alpha"))
