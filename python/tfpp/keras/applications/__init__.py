"""tf.keras.applications: Keras 3's image classification models, built from tfpp's Keras layers with
Keras' architectures, layer names and arguments, and their preprocessing. Pretrained weights are
not downloaded: see Note [Pretrained weights] in _common.py."""

from . import imagenet_utils, resnet, resnet50, resnet_v2, vgg16, vgg19
from .resnet import ResNet50, ResNet101, ResNet152
from .resnet_v2 import ResNet50V2, ResNet101V2, ResNet152V2
from .vgg16 import VGG16
from .vgg19 import VGG19
from . import densenet, mobilenet, mobilenet_v2
from .densenet import DenseNet121, DenseNet169, DenseNet201
from .mobilenet import MobileNet
from .mobilenet_v2 import MobileNetV2
