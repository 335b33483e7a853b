"""tf.io.gfile: TensorFlow's file API over the local file system (tfpp has no other file systems):
GFile, exists, glob, isdir, listdir, makedirs, mkdir, remove, rename, rmtree, stat, walk, copy,
join, with TensorFlow's error classes."""

import collections
import glob as _glob
import os
import shutil

from . import errors

FileStatistics = collections.namedtuple("FileStatistics", ["length", "mtime_nsec", "is_directory"])


def _not_found(path):
    return errors.NotFoundError(None, None, "%s; No such file or directory" % path)


class GFile:
    """A file handle that opens its file at the first read or write, as TensorFlow's does (a missing
    file is a NotFoundError then). Modes as Python's: "r", "rb", "w", "wb", "a", "ab"."""

    def __init__(self, name, mode="r"):
        self.name = os.fspath(name)
        self.mode = mode
        self._file = None

    def _opened(self, writing):
        if writing and not any(c in self.mode for c in "wa+"):
            raise errors.PermissionDeniedError(None, None, "File isn't open for writing")
        if not writing and "r" not in self.mode and "+" not in self.mode:
            raise errors.PermissionDeniedError(None, None, "File isn't open for reading")
        if self._file is None:
            try:
                self._file = open(self.name, self.mode if "b" in self.mode else self.mode,  # noqa: SIM115
                                  **({} if "b" in self.mode else {"encoding": "utf-8", "newline": ""}))
            except FileNotFoundError:
                raise _not_found(self.name) from None
        return self._file

    def read(self, n=-1):
        """Up to n bytes or characters (all when n < 0)."""
        return self._opened(False).read(n)

    def readline(self):
        """The next line, with its newline."""
        return self._opened(False).readline()

    def readlines(self):
        """The remaining lines."""
        return self._opened(False).readlines()

    def __iter__(self):
        return iter(self.readline, "" if "b" not in self.mode else b"")

    def __next__(self):
        line = self.readline()
        if not line:
            raise StopIteration
        return line

    def write(self, data):
        """Writes `data` (str or bytes)."""
        f = self._opened(True)
        if "b" in self.mode and isinstance(data, str):
            data = data.encode("utf-8")
        elif "b" not in self.mode and isinstance(data, bytes):
            data = data.decode("utf-8")
        f.write(data)

    def seek(self, offset=None, whence=0, position=None):
        """Moves to `offset` (or `position`, its older name)."""
        self._opened("r" not in self.mode).seek(position if offset is None else offset, whence)

    def tell(self):
        """The current position."""
        return self._opened("r" not in self.mode).tell()

    def size(self):
        """The file's length in bytes."""
        if self._file is not None:
            self._file.flush()
        return stat(self.name).length

    def flush(self):
        """Writes buffered data to the file."""
        if self._file is not None:
            self._file.flush()

    def close(self):
        """Closes the file."""
        if self._file is not None:
            self._file.close()
            self._file = None

    def __enter__(self):
        return self

    def __exit__(self, *exc_info):
        self.close()


def exists(path):
    """Whether a file or directory exists at `path`."""
    return os.path.exists(os.fspath(path))


def isdir(path):
    """Whether `path` is a directory."""
    return os.path.isdir(os.fspath(path))


def glob(pattern):
    """The paths matching `pattern` (*, ?, [...] wildcards)."""
    return sorted(_glob.glob(os.fspath(pattern)))


def listdir(path):
    """The names of the entries of directory `path`."""
    path = os.fspath(path)
    if not os.path.isdir(path):
        raise errors.NotFoundError(None, None, "Could not find directory %s" % path)
    return os.listdir(path)


def makedirs(path):
    """Creates directory `path` and its missing parents (an existing one is fine)."""
    os.makedirs(os.fspath(path), exist_ok=True)


def mkdir(path):
    """Creates directory `path` (an existing one is fine; a missing parent is a NotFoundError)."""
    path = os.fspath(path)
    try:
        os.mkdir(path)
    except FileExistsError:
        pass
    except FileNotFoundError:
        raise _not_found(path) from None


def remove(path):
    """Deletes the file at `path`."""
    path = os.fspath(path)
    try:
        os.remove(path)
    except FileNotFoundError:
        raise _not_found(path) from None


def _check_target(dst, overwrite):
    if not overwrite and os.path.exists(dst):
        raise errors.AlreadyExistsError(None, None, "file already exists")


def rename(src, dst, overwrite=False):
    """Moves `src` to `dst` (AlreadyExistsError if dst exists, unless overwrite)."""
    src, dst = os.fspath(src), os.fspath(dst)
    _check_target(dst, overwrite)
    try:
        os.replace(src, dst)
    except FileNotFoundError:
        raise _not_found(src) from None


def copy(src, dst, overwrite=False):
    """Copies file `src` to `dst` (AlreadyExistsError if dst exists, unless overwrite)."""
    src, dst = os.fspath(src), os.fspath(dst)
    _check_target(dst, overwrite)
    try:
        shutil.copyfile(src, dst)
    except FileNotFoundError:
        raise _not_found(src) from None


def rmtree(path):
    """Deletes directory `path` and everything in it."""
    path = os.fspath(path)
    if not os.path.exists(path):
        raise errors.NotFoundError(None, None, "%s not found" % path)
    shutil.rmtree(path)


def stat(path):
    """FileStatistics(length, mtime_nsec, is_directory) of `path`."""
    path = os.fspath(path)
    try:
        s = os.stat(path)
    except FileNotFoundError:
        raise _not_found(path) from None
    return FileStatistics(s.st_size, s.st_mtime_ns, os.path.isdir(path))


def walk(top, topdown=True, onerror=None):
    """(directory, subdirectory names, file names) of `top` and each directory below it."""
    for entry in os.walk(os.fspath(top), topdown=topdown, onerror=onerror):
        yield entry


def join(path, *paths):
    """The paths joined with "/"."""
    return os.path.join(os.fspath(path), *(os.fspath(p) for p in paths))


def get_registered_schemes():
    """The file-system schemes paths may start with: local files only here."""
    return ["", "file"]
