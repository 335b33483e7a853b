"""tf.config's logical device configuration (splitting the CPU, before any op runs), its
experimental module, tf.debugging's log_device_placement getter and tf.test's build queries,
as TensorFlow 2.21 behaves."""
from harness import show_error_message, tf

cpu = tf.config.list_physical_devices("CPU")[0]
print(tf.config.get_logical_device_configuration(cpu))
print(tf.config.LogicalDeviceConfiguration(memory_limit=None))
tf.config.set_logical_device_configuration(cpu, [tf.config.LogicalDeviceConfiguration(),
                                                 tf.config.LogicalDeviceConfiguration()])
print(tf.config.get_logical_device_configuration(cpu))
print(tf.config.list_logical_devices("CPU"))
print(tf.config.experimental.list_physical_devices("GPU"), tf.config.experimental.list_logical_devices("CPU"))
show_error_message("memory growth on a CPU split in two", lambda: tf.config.experimental.set_memory_growth(cpu, True))
with tf.device("/cpu:1"):
    print(tf.constant([1.0, 2.0]) * 3)
show_error_message("configuring after ops ran", lambda: tf.config.set_logical_device_configuration(
    cpu, [tf.config.LogicalDeviceConfiguration()]))
show_error_message("a device that is not one", lambda: tf.config.get_logical_device_configuration("CPU:0"))
for gpu in tf.config.experimental.list_physical_devices("GPU"):  # the usual GPU set-up does nothing here
    tf.config.experimental.set_memory_growth(gpu, True)
print(tf.config.experimental_functions_run_eagerly())
tf.config.experimental_run_functions_eagerly(True)
print(tf.config.functions_run_eagerly())
tf.config.run_functions_eagerly(False)

print(tf.debugging.get_log_device_placement())
print(tf.test.is_gpu_available(), repr(tf.test.gpu_device_name()), tf.test.is_built_with_cuda(),
      tf.test.is_built_with_gpu_support())


class Checks(tf.test.TestCase):
    def runTest(self):  # noqa: N802 - unittest's name
        self.assertAllClose(tf.constant([1.0, 2.0]), [1.0, 2.0 + 1e-8])
        self.assertAllEqual(tf.constant([[1, 2]]), [[1, 2]])
        self.assertEqual(self.evaluate({"a": tf.constant(3)})["a"], 3)
        with self.assertRaises(AssertionError):
            self.assertAllEqual(tf.constant([1, 2]), [1, 3])


result = Checks().run()
print(result.wasSuccessful(), result.testsRun)
