"""keras.utils.get_file: a file fetched from a URL (http, https, ftp or file) into Keras' cache
(~/.keras/datasets, or $KERAS_HOME), reused while its hash matches, optionally extracted from a
tar or zip archive. A download goes to a temporary file that replaces the cached one only when
complete and verified, so a failed or corrupt download never destroys a good cached copy."""

import hashlib
import os
import shutil
import tarfile
import tempfile
import urllib.error
import urllib.parse
import urllib.request
import zipfile

from .progbar import Progbar


def _keras_home():
    if "KERAS_HOME" in os.environ:
        return os.environ["KERAS_HOME"]
    base = os.path.expanduser("~")
    return os.path.join(base if os.access(base, os.W_OK) else "/tmp", ".keras")


def _hasher(algorithm, file_hash=None):
    if algorithm == "sha256" or (algorithm == "auto" and file_hash is not None and len(file_hash) == 64):
        return hashlib.sha256()
    return hashlib.md5()  # Keras' legacy default


def _hash_file(path, hasher, chunk_size=65535):
    with open(path, "rb") as f:
        for chunk in iter(lambda: f.read(chunk_size), b""):
            hasher.update(chunk)
    return hasher.hexdigest()


def _valid(path, file_hash, algorithm):
    return str(_hash_file(path, _hasher(algorithm, file_hash))) == str(file_hash)


def _download(origin, target):
    """origin into `target` through a temporary file beside it, with Keras' progress bar."""
    progbar = [None]

    def report(block_num, block_size, total_size):
        total = None if total_size == -1 else total_size
        if progbar[0] is None:
            progbar[0] = Progbar(total)
        current = block_num * block_size
        progbar[0].update(current if total is None or current < total else total)

    handle, partial = tempfile.mkstemp(dir=os.path.dirname(target), prefix=os.path.basename(target) + ".")
    os.close(handle)
    try:
        try:
            urllib.request.urlretrieve(origin, partial, report)
        except urllib.error.HTTPError as e:
            raise Exception("URL fetch failure on {}: {} -- {}".format(origin, e.code, e.msg)) from None
        except urllib.error.URLError as e:
            raise Exception("URL fetch failure on {}: {} -- {}".format(origin, e.errno, e.reason)) from None
    except BaseException:
        os.remove(partial)
        raise
    return partial


def _extract(archive_path, directory, archive_format):
    """Extracts a tar or zip archive into `directory` (members may not leave it); False when the
    file is no archive of the formats asked for."""
    if archive_format is None:
        return False
    formats = ["tar", "zip"] if archive_format == "auto" else [archive_format] if isinstance(archive_format, str) \
        else list(archive_format)
    for kind in formats:
        if kind == "tar":
            is_match, opener = tarfile.is_tarfile, tarfile.open
        elif kind == "zip":
            is_match, opener = zipfile.is_zipfile, zipfile.ZipFile
        else:
            raise NotImplementedError(kind)
        if not is_match(archive_path):
            continue
        with opener(archive_path) as archive:
            try:
                if kind == "tar":
                    archive.extractall(directory, filter="data")  # refuses paths and links outside `directory`
                else:
                    archive.extractall(directory)  # zipfile drops ".." and absolute parts of member names
            except (tarfile.TarError, RuntimeError, KeyboardInterrupt):
                if os.path.isfile(directory):
                    os.remove(directory)
                elif os.path.exists(directory):
                    shutil.rmtree(directory)
                raise
        return True
    return False


def get_file(fname=None, origin=None, untar=False, md5_hash=None, file_hash=None, cache_subdir="datasets",
             hash_algorithm="auto", extract=False, archive_format="auto", cache_dir=None, force_download=False):
    """The path of `origin`'s file in the cache, downloaded first unless a copy with the right hash
    is there; with extract (or untar) the directory it was extracted into."""
    if origin is None:
        raise ValueError('Please specify the "origin" argument (URL of the file to download).')
    if cache_dir is None:
        cache_dir = _keras_home()
    if md5_hash is not None and file_hash is None:
        file_hash, hash_algorithm = md5_hash, "md5"
    base = os.path.expanduser(cache_dir)
    if not os.access(base, os.W_OK):
        base = os.path.join("/tmp" if os.path.isdir("/tmp") else tempfile.gettempdir(), ".keras")
    datadir = os.path.join(base, cache_subdir)
    os.makedirs(datadir, exist_ok=True)

    given_name = os.fspath(fname) if fname is not None else None
    name = given_name
    if not name:
        name = os.path.basename(urllib.parse.urlsplit(origin).path)
        if not name:
            raise ValueError("Can't parse the file name from the origin provided: '%s'.Please specify the `fname` "
                             "argument." % origin)
    elif os.sep in name:
        raise ValueError("Paths are no longer accepted as the `fname` argument. To specify the file's parent "
                         "directory, use the `cache_dir` argument. Received: fname=%s" % name)

    if extract or untar:
        if given_name and "." in name:
            target = os.path.join(datadir, name)
            extraction_dir = os.path.join(datadir, name[:name.find(".")] + "_extracted")
        else:
            target = os.path.join(datadir, name + "_archive")
            extraction_dir = os.path.join(datadir, name)
    else:
        target = os.path.join(datadir, name)

    download = force_download or not os.path.exists(target)
    if not download and file_hash is not None and not _valid(target, file_hash, hash_algorithm):
        print("A local file was found, but it seems to be incomplete or outdated because the %s file hash does not "
              "match the original value of %s so we will re-download the data." % (hash_algorithm, file_hash))
        download = True
    if download:
        print("Downloading data from %s" % origin)
        partial = _download(origin, target)
        if file_hash is not None and not _valid(partial, file_hash, hash_algorithm):
            os.remove(partial)
            raise ValueError("Incomplete or corrupted file detected. The %s file hash does not match the provided "
                             "value of %s." % (hash_algorithm, file_hash))
        os.replace(partial, target)

    if extract or untar:
        if not _extract(target, extraction_dir, "tar" if untar else archive_format):
            import warnings
            warnings.warn("Could not extract archive.", stacklevel=2)
        return extraction_dir
    return target
