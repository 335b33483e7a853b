"""tf.io.decode_csv: defaults, quoting, delimiters, na_value, select_cols, errors, inside
tf.function and a tf.data pipeline, as TensorFlow 2.21 behaves."""
from harness import show_error, show_error_message, tf

print(tf.io.decode_csv(["1,2.5,a", "3,,\"b,c\""], [[0], [1.0], ["x"]]))
print(tf.io.decode_csv("1;2", [tf.constant([], tf.int64), [0.0]], field_delim=";"))
print(tf.io.decode_csv([["1,2"], ["3,4"]], [[0], [0]]))
print(tf.io.decode_csv(["1,2,3"], [[0], [0]], select_cols=[0, 2]))
print(tf.io.decode_csv(["1,2"], [[0]], select_cols=[1]))
print(tf.io.decode_csv(["NA,2"], [[0], [0]], na_value="NA"))
print(tf.io.decode_csv(["a b"], [[""], [""]], field_delim=" "))
print(tf.io.decode_csv(['"a""b",c'], [[""], [""]]))
print(tf.io.decode_csv(['"a""b",c'], [[""], [""]], use_quote_delim=False))
print(tf.io.decode_csv(["1e3, 2 "], [[0.0], [0.0]]))
print(tf.io.decode_csv(["1, 2", "-7,+8"], [[0], [0]]))
print(tf.io.decode_csv(["true,1.5", "x,"], [[""], [tf.constant(2.25, tf.float64)]]))
print(tf.io.decode_csv(["1,", ","], [[0], [9]]))
print(tf.io.decode_csv(['"",x'], [["dflt"], [""]]))
for label, call in [
        ("a required field missing", lambda: tf.io.decode_csv([",2"], [tf.constant([], tf.int32), [0]])),
        ("too many fields", lambda: tf.io.decode_csv(["1,2,3"], [[0], [0]])),
        ("too few fields", lambda: tf.io.decode_csv(["1"], [[0], [0]])),
        ("not an int", lambda: tf.io.decode_csv(["x,2"], [[0], [0]])),
        ("not a float", lambda: tf.io.decode_csv(["1.5x,2"], [[0.0], [0]])),
        ("not a double", lambda: tf.io.decode_csv(["1.5x"], [tf.constant([0.0], tf.float64)])),
        ("int32 overflow", lambda: tf.io.decode_csv(["3000000000,2"], [[0], [0]])),
        ("unterminated quote", lambda: tf.io.decode_csv(['"ab,c'], [[""], [""]])),
        ("quote inside", lambda: tf.io.decode_csv(['a"b,c'], [[""], [""]]))]:
    show_error(label, call)
    try:
        call()
    except tf.errors.InvalidArgumentError as e:
        print("   ", str(e).split("}} ")[-1].split(" [Op:")[0].replace("[DecodeCSV] ", ""))
show_error("a bool default", lambda: tf.io.decode_csv(["1"], [[True]]))
show_error_message("select_cols not increasing", lambda: tf.io.decode_csv(["1,2"], [[0], [0]], select_cols=[1, 0]))
show_error_message("select_cols of another length", lambda: tf.io.decode_csv(["1,2,3"], [[0], [0], [0]],
                                                                               select_cols=[0, 2]))


@tf.function
def parse(lines):
    return tf.io.decode_csv(lines, [[0], [""]])


print(parse(tf.constant(["5,x", "6,y"])))
ds = tf.data.Dataset.from_tensor_slices(["1,2.5", "3,4.5"]).map(lambda line: tf.io.decode_csv(line, [[0], [0.0]]))
print(list(ds.as_numpy_iterator()))
