"""tf.config.experimental's device policy (its values, None restoring the default, kept per thread,
the ValueError for others), TensorFloat-32 switch (on by default; CPU float32 matmuls unchanged
either way) and device details (none for the CPU; ValueErrors for a device name and a device that
is not one of the machine's), as TensorFlow 2.21 behaves."""
import threading

from harness import show_error_message, tf

experimental = tf.config.experimental
print(tf.constant([1, 2]) + 1)  # TensorFlow keeps the policy per thread once its context is set up
print(experimental.get_device_policy())
for policy in ("warn", "explicit", "silent_for_int32", "silent", None):
    experimental.set_device_policy(policy)
    print(policy, experimental.get_device_policy())
show_error_message("a policy TensorFlow lacks", lambda: experimental.set_device_policy("bogus"))
show_error_message("a number", lambda: experimental.set_device_policy(1))
print(experimental.get_device_policy())

experimental.set_device_policy("explicit")
seen = []
thread = threading.Thread(target=lambda: seen.append(experimental.get_device_policy()))
thread.start()
thread.join()


def set_in_thread():
    experimental.set_device_policy("warn")
    seen.append(experimental.get_device_policy())


thread = threading.Thread(target=set_in_thread)
thread.start()
thread.join()
print("another thread", seen, "this thread", experimental.get_device_policy())
experimental.set_device_policy(None)

print(experimental.tensor_float_32_execution_enabled())
a = tf.constant([[1.0001, 2.0], [3.0, 4.0]])
products = []
for enabled in (False, 0, True, 1, None):
    experimental.enable_tensor_float_32_execution(enabled)
    products.append(tf.matmul(a, a).numpy().tolist())
    print(enabled, experimental.tensor_float_32_execution_enabled())
print(all(p == products[0] for p in products), products[0])
experimental.enable_tensor_float_32_execution(True)

cpu = tf.config.list_physical_devices("CPU")[0]
print(experimental.get_device_details(cpu))
show_error_message("a device name", lambda: experimental.get_device_details("CPU:0"))
show_error_message("a GPU the machine lacks", lambda: experimental.get_device_details(
    tf.config.PhysicalDevice("/physical_device:GPU:0", "GPU")))
show_error_message("a second CPU", lambda: experimental.get_device_details(
    tf.config.PhysicalDevice("/physical_device:CPU:1", "CPU")))
