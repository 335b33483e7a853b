"""keras.preprocessing.image's affine augmentation, which Keras computes with
scipy.ndimage.affine_transform (so the reference environment needs scipy; tfpp resamples the same
way in NumPy): apply_affine_transform's rotation, shifts, shear and zoom in every fill mode with
interpolation orders 0 and 1, spline orders 2, 3 and 5 in the modes where tfpp matches scipy to
1e-10 (constant, wrap, nearest at order 2), channels first and last, integer images,
random_rotation / random_shift / random_shear / random_zoom under a NumPy seed, and
ImageDataGenerator's warps through
random_transform, flow with a seed and fit(augment=True); scipy's errors for unknown modes and
orders. Values rounded to 3 decimals."""
import numpy as np

from harness import show_error_message as error, tf
from keras_harness import rounded

image = tf.keras.preprocessing.image


picture = ((np.arange(7 * 9 * 3).reshape(7, 9, 3) * 29) % 97).astype("float32")
for mode in ("constant", "nearest", "reflect", "wrap"):
    for order in (0, 1):
        warped = image.apply_affine_transform(picture, theta=30, tx=1.5, ty=-2, shear=15, zx=0.8, zy=1.25,
                                              row_axis=0, col_axis=1, channel_axis=2, fill_mode=mode, cval=-5.0,
                                              order=order)
        print(mode, order, warped.shape, warped.dtype, rounded(warped[:, :, 1], 3))
for mode, order in (("constant", 3), ("wrap", 3), ("nearest", 2), ("constant", 5)):
    warped = image.apply_affine_transform(picture, theta=-20, tx=-1, shear=5, zy=0.9, row_axis=0, col_axis=1,
                                          channel_axis=2, fill_mode=mode, cval=2.0, order=order)
    print("spline", mode, order, warped.dtype, rounded(warped[:, :, 0], 3))
first = picture.transpose(2, 0, 1)
print("channels first", rounded(image.apply_affine_transform(first, theta=-45, zx=1.3, fill_mode="reflect")[2], 3))
print("rotation only", rounded(image.apply_affine_transform(picture, theta=90, row_axis=0, col_axis=1,
                                                            channel_axis=2)[:, :, 0], 3))
print("shift only", rounded(image.apply_affine_transform(picture, tx=2, ty=-1, row_axis=0, col_axis=1, channel_axis=2,
                                                         fill_mode="constant")[:, :, 0], 3))
print("swapped axes", rounded(image.apply_affine_transform(picture, theta=20, row_axis=1, col_axis=0,
                                                           channel_axis=2)[:, :, 0], 3))
integers = (picture * 2).astype("uint8")
warped = image.apply_affine_transform(integers, theta=33, zx=0.7, row_axis=0, col_axis=1, channel_axis=2,
                                      fill_mode="constant", cval=-3)
print("uint8", warped.dtype, warped[:, :, 0].tolist())

np.random.seed(1)
print("random_rotation", rounded(image.random_rotation(first, 40)[0], 3))
print("random_shift", rounded(image.random_shift(first, 0.3, 0.2, fill_mode="wrap")[0], 3))
print("random_shear", rounded(image.random_shear(first, 25, fill_mode="constant", cval=1.0)[0], 3))
print("random_zoom", rounded(image.random_zoom(first, (0.6, 1.4), interpolation_order=0)[0], 3))
print("random_zoom identity", image.random_zoom(first, (1, 1)) is first)

generator = image.ImageDataGenerator(rotation_range=35, width_shift_range=0.2, height_shift_range=[1, 2],
                                     shear_range=12, zoom_range=0.3, horizontal_flip=True, fill_mode="reflect",
                                     channel_shift_range=10.0)
print("random_transform", rounded(generator.random_transform(picture, seed=8)[:, :, 2], 3))
batch = ((np.arange(5 * 6 * 6 * 1).reshape(5, 6, 6, 1) * 11) % 23).astype("float32")
x, y = generator.flow(batch, np.arange(5), batch_size=3, seed=12)[0]
print("flow", y.tolist(), rounded(x[:, :, :, 0], 3))
fitted = image.ImageDataGenerator(featurewise_center=True, featurewise_std_normalization=True, rotation_range=50,
                                  zoom_range=0.2, fill_mode="nearest")
fitted.fit(batch, augment=True, rounds=2, seed=6)
print("fit augmented", rounded(fitted.mean.ravel(), 3), rounded(fitted.std.ravel(), 3))
constant = image.ImageDataGenerator(rotation_range=90, fill_mode="constant", cval=9.0, interpolation_order=0,
                                    data_format="channels_first")
smooth = image.ImageDataGenerator(rotation_range=60, fill_mode="constant", interpolation_order=2)
print("interpolation_order 2", rounded(smooth.random_transform(picture, seed=4)[:, :, 1], 3))
print("channels_first flow", rounded(constant.flow(batch.transpose(0, 3, 1, 2), batch_size=2, shuffle=False,
                                                   seed=2)[1][:, 0], 3))



error("fill mode", lambda: image.apply_affine_transform(first, theta=10, fill_mode="edge"))
error("order", lambda: image.apply_affine_transform(first, theta=10, order=7))
error("generator fill mode", lambda: image.ImageDataGenerator(zoom_range=0.5, fill_mode="mean").random_transform(
    picture, seed=1))
