"""Functions both AutoGraph programs use (tests/python/programs/autograph_control_flow.py runs
them as tf.functions, autograph_to_code.py prints their converted code): TensorFlow's tf.function
guide's fizzbuzz, with Python prints showing what is traced, and the Collatz step count."""
import sys

from harness import tf


def fizzbuzz(n):
    for i in tf.range(1, n + 1):
        print("Tracing for loop")
        if i % 15 == 0:
            print("Tracing fizzbuzz branch")
            tf.print("fizzbuzz", output_stream=sys.stdout)
        elif i % 3 == 0:
            print("Tracing fizz branch")
            tf.print("fizz", output_stream=sys.stdout)
        elif i % 5 == 0:
            print("Tracing buzz branch")
            tf.print("buzz", output_stream=sys.stdout)
        else:
            print("Tracing default branch")
            tf.print(i, output_stream=sys.stdout)


def collatz(x):
    count = 0
    while x != 1:
        if x % 2 == 0:
            x = x // 2
        else:
            x = 3 * x + 1
        count += 1
    return count
