"""tf.io.gfile on local files: GFile reading and writing, directory operations and TensorFlow's
errors, as TensorFlow 2.21 behaves."""
import os
import tempfile

from harness import show_error, show_error_message, tf

g = tf.io.gfile
d = tempfile.mkdtemp()
p = g.join(d, "a", "b.txt")
show_error("reading a missing file", lambda: g.GFile(os.path.join(d, "nope.txt")).read())
print(type(g.GFile(os.path.join(d, "nope.txt"), "r")).__name__)  # opened lazily: no error yet
g.makedirs(g.join(d, "a"))
g.makedirs(g.join(d, "a"))
g.mkdir(g.join(d, "a"))
with g.GFile(p, "w") as f:
    f.write("line1\nline2\n")
    print(f.tell())
with g.GFile(p) as f:
    print(repr(f.readline()), f.readlines(), f.size())
with g.GFile(p, "rb") as f:
    print(f.read(3), f.read())
with g.GFile(p, "a") as f:
    f.write("x")
print(list(g.GFile(p)))
with g.GFile(g.join(d, "bytes.bin"), "wb") as f:
    f.write(b"\x00\xff")
print(g.GFile(g.join(d, "bytes.bin"), "rb").read())
print(g.exists(p), g.exists(g.join(d, "zz")), g.isdir(g.join(d, "a")), g.isdir(p))
print(sorted(g.listdir(d)), g.listdir(g.join(d, "a")))
info = g.stat(p)
print(info.length, info.is_directory, type(info).__name__, g.stat(d).is_directory)
print([os.path.relpath(x, d) for x in g.glob(g.join(d, "a", "*.txt"))], g.glob(g.join(d, "*.none")))
g.copy(p, g.join(d, "c.txt"))
show_error("copy onto a file", lambda: g.copy(p, g.join(d, "c.txt")))
g.copy(p, g.join(d, "c.txt"), overwrite=True)
show_error("rename onto a file", lambda: g.rename(p, g.join(d, "c.txt")))
g.rename(p, g.join(d, "c.txt"), overwrite=True)
print(sorted(g.listdir(d)))
print(sorted((os.path.relpath(a, d), sorted(b), sorted(c)) for a, b, c in g.walk(d)))
show_error("remove a missing file", lambda: g.remove(p))
show_error("listdir of a missing directory", lambda: g.listdir(g.join(d, "zz")))
show_error("stat of a missing path", lambda: g.stat(g.join(d, "zz")))
show_error("rmtree of a missing directory", lambda: g.rmtree(g.join(d, "zz")))
show_error_message("writing a file opened for reading", lambda: g.GFile(g.join(d, "c.txt"), "r").write("x"))
g.rmtree(g.join(d, "a"))
g.remove(g.join(d, "bytes.bin"))
print(g.listdir(d), g.join("a", "b"), g.join("a/", "b"))
# tf.io.read_file reads what GFile wrote.
print(tf.io.read_file(g.join(d, "c.txt")))

# ---- tf.io.matching_files ----
for name in ("b.txt", "a.txt", "c.csv"):
    with g.GFile(g.join(d, name), "w") as f:
        f.write(name)
g.makedirs(g.join(d, "sub"))
with g.GFile(g.join(d, "sub", "d.txt"), "w") as f:
    f.write("d")
print([os.path.relpath(p.decode(), d) for p in tf.io.matching_files(g.join(d, "*.txt")).numpy()])
print([os.path.relpath(p.decode(), d) for p in tf.io.matching_files([g.join(d, "*.csv"), g.join(d, "*", "*.txt")]).numpy()])
print(tf.io.matching_files(g.join(d, "nothere", "*")))
print([os.path.relpath(p.decode(), d) for p in tf.io.matching_files(g.join(d, "[ab].txt")).numpy()])
show_error("patterns of rank 2", lambda: tf.io.matching_files([["a"]]))
listing = tf.function(lambda pattern: tf.io.matching_files(pattern))
csv_pattern = tf.constant(g.join(d, "*.csv"))
print(listing(csv_pattern).shape)
with g.GFile(g.join(d, "e.csv"), "w") as f:
    f.write("e")
print(listing(csv_pattern).shape)  # a pattern argument is expanded at each call
