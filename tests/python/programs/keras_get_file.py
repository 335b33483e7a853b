"""keras.utils.get_file over file:// URLs: the cache path, reuse of a cached copy, md5 / sha256
checks (a stale copy downloaded again, a wrong hash refused), force_download, tar and zip archives
extracted (extract=True, untar=True), and the argument and fetch errors."""
import contextlib
import hashlib
import io
import os
import tarfile
import tempfile
import zipfile

from harness import show_error, tf

get_file = tf.keras.utils.get_file
root = tempfile.mkdtemp()
source = os.path.join(root, "source")
os.makedirs(source)
with open(os.path.join(source, "data.txt"), "w") as f:
    f.write("hello keras\n")
with tarfile.open(os.path.join(source, "bundle.tar.gz"), "w:gz") as t:
    t.add(os.path.join(source, "data.txt"), arcname="inner/data.txt")
with tarfile.open(os.path.join(source, "bundle2.tar.gz"), "w:gz") as t:
    t.add(os.path.join(source, "data.txt"), arcname="second.txt")
with zipfile.ZipFile(os.path.join(source, "bundle.zip"), "w") as z:
    z.write(os.path.join(source, "data.txt"), arcname="zipped.txt")
cache = os.path.join(root, "cache")
os.makedirs(cache)
url = "file://" + source + "/"
md5 = hashlib.md5(b"hello keras\n").hexdigest()
sha = hashlib.sha256(b"hello keras\n").hexdigest()


def fetch(**kwargs):
    """get_file's result relative to the cache, and the first line it printed (no progress bar)."""
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        path = get_file(cache_dir=cache, **kwargs)
    printed = out.getvalue().splitlines()
    return os.path.relpath(path, cache), printed[0] if printed else ""


def tree(path):
    return sorted(os.path.relpath(os.path.join(d, f), path) for d, _, files in os.walk(path) for f in files)


path, said = fetch(origin=url + "data.txt")
print(path, said.replace(url, "URL/"), open(os.path.join(cache, path)).read().strip())
print(fetch(origin=url + "data.txt", file_hash=md5)[1] == "")
print(fetch(fname="renamed.txt", origin=url + "data.txt", md5_hash=md5)[0])
print(fetch(origin=url + "data.txt", file_hash=sha, cache_subdir="other")[0])
print(fetch(origin=url + "data.txt", force_download=True)[1].replace(url, "URL/"))
with open(os.path.join(cache, "datasets", "data.txt"), "w") as f:
    f.write("stale")
said = fetch(origin=url + "data.txt", file_hash=sha)[1]
print(said[:60], open(os.path.join(cache, "datasets", "data.txt")).read().strip())
path = fetch(origin=url + "bundle.tar.gz", extract=True)[0]
print(path, tree(os.path.join(cache, path)))
path = fetch(fname="bundle2.tar.gz", origin=url + "bundle2.tar.gz", extract=True)[0]
print(path, tree(os.path.join(cache, path)))
path = fetch(fname="plain", origin=url + "bundle.tar.gz", untar=True)[0]
print(path, tree(os.path.join(cache, path)))
path = fetch(origin=url + "bundle.zip", extract=True, archive_format="zip")[0]
print(path, tree(os.path.join(cache, path)))
show_error("wrong hash", lambda: fetch(fname="bad.txt", origin=url + "data.txt", file_hash="0" * 64))
show_error("no origin", lambda: get_file("x.txt"))
show_error("path as fname", lambda: get_file("a/b.txt", origin=url + "data.txt", cache_dir=cache))
show_error("missing file", lambda: fetch(origin=url + "missing.txt"))
print("missing kept", os.path.exists(os.path.join(cache, "datasets", "missing.txt")))
