#include "keras/saving/h5_file.h"

#include <hdf5.h>

#include <atomic>
#include <cstring>
#include <limits>
#include <mutex>

#include "core/tensor_impl.h"
#include "keras/saving/h5_local_heaps.h"
#include "keras/saving/h5_object_headers.h"
#include "keras/saving/h5_structure.h"
#include "tfpp/errors.h"

namespace tf::keras::saving::detail {
namespace {

// Debian's serial HDF5 library is not built thread-safe: every call goes through this lock.
std::mutex& hdf5_mutex() {
  static std::mutex mutex;
  return mutex;
}

// Errors become exceptions; HDF5's own printing of its error stack to stderr is turned off.
void quiet_hdf5() {
  static std::once_flag once;
  std::call_once(once, [] { H5Eset_auto2(H5E_DEFAULT, nullptr, nullptr); });
}

// The core driver keeps files in memory; each needs a distinct name while open.
std::string unique_memory_name() {
  static std::atomic<std::uint64_t> counter{0};
  return "tfpp_memory_" + std::to_string(counter.fetch_add(1)) + ".h5";
}

// Owns one HDF5 identifier and closes it with its close function.
class Handle {
 public:
  Handle() = default;
  Handle(hid_t id, herr_t (*close)(hid_t)) : id_(id), close_(close) {}
  ~Handle() { reset(); }
  Handle(Handle&& other) noexcept : id_(other.id_), close_(other.close_) { other.id_ = H5I_INVALID_HID; }
  Handle& operator=(Handle&& other) noexcept {
    if (this != &other) {
      reset();
      id_ = other.id_;
      close_ = other.close_;
      other.id_ = H5I_INVALID_HID;
    }
    return *this;
  }
  Handle(const Handle&) = delete;
  Handle& operator=(const Handle&) = delete;
  hid_t get() const { return id_; }
  bool valid() const { return id_ >= 0; }
  void reset() {
    if (id_ >= 0 && close_) close_(id_);
    id_ = H5I_INVALID_HID;
  }

 private:
  hid_t id_ = H5I_INVALID_HID;
  herr_t (*close_)(hid_t) = nullptr;
};

struct TypePair {
  hid_t file;    // the little-endian type written to files
  hid_t memory;  // the native type of the tensor's elements
};

// IEEE half precision as h5py defines it (this HDF5 has no predefined float16 type): float32's
// layout narrowed to a sign bit, 5 exponent bits (bias 15) and 10 mantissa bits.
hid_t float16_type() {
  static const hid_t type = [] {
    std::lock_guard lock(hdf5_mutex());
    const hid_t t = H5Tcopy(H5T_IEEE_F32LE);
    if (t < 0 || H5Tset_fields(t, 15, 10, 5, 0, 10) < 0 || H5Tset_size(t, 2) < 0 || H5Tset_ebias(t, 15) < 0)
      throw InternalError("[HDF5] cannot make the float16 type");
    return t;  // kept for the process' lifetime
  }();
  return type;
}

// HDF5 types of the dtypes Keras weights use; InvalidArgumentError for others.
TypePair types_of(DType dtype, const std::string& where) {
  switch (dtype) {
    case DType::kFloat16: return {float16_type(), float16_type()};
    case DType::kFloat32: return {H5T_IEEE_F32LE, H5T_NATIVE_FLOAT};
    case DType::kFloat64: return {H5T_IEEE_F64LE, H5T_NATIVE_DOUBLE};
    case DType::kInt32: return {H5T_STD_I32LE, H5T_NATIVE_INT32};
    case DType::kInt64: return {H5T_STD_I64LE, H5T_NATIVE_INT64};
    case DType::kUInt8: return {H5T_STD_U8LE, H5T_NATIVE_UINT8};
    case DType::kInt8: return {H5T_STD_I8LE, H5T_NATIVE_INT8};
    case DType::kInt16: return {H5T_STD_I16LE, H5T_NATIVE_INT16};
    case DType::kUInt16: return {H5T_STD_U16LE, H5T_NATIVE_UINT16};
    case DType::kUInt32: return {H5T_STD_U32LE, H5T_NATIVE_UINT32};
    case DType::kUInt64: return {H5T_STD_U64LE, H5T_NATIVE_UINT64};
    default:
      throw InvalidArgumentError(where + ": weights of dtype " + std::string(dtype_name(dtype)) +
                                 " cannot be stored (float16, float32, float64 and the integer dtypes can)");
  }
}

std::string shape_text(const std::vector<std::int64_t>& shape) {
  std::string s = "(";
  for (std::size_t i = 0; i < shape.size(); ++i) s += (i ? ", " : "") + std::to_string(shape[i]);
  return s + (shape.size() == 1 ? ",)" : ")");
}

}  // namespace

// ---- Writer ---------------------------------------------------------------------------------

struct H5Writer::Impl {
  std::string file;
  Handle h5;

  [[noreturn]] void fail(const std::string& what) const {
    throw InternalError("[HDF5] cannot write '" + file + "': " + what);
  }
};

H5Writer::H5Writer(std::string file) : impl_(std::make_unique<Impl>()) {
  std::lock_guard lock(hdf5_mutex());
  quiet_hdf5();
  impl_->file = std::move(file);
  Handle fapl(H5Pcreate(H5P_FILE_ACCESS), H5Pclose);
  if (!fapl.valid() || H5Pset_fapl_core(fapl.get(), 1 << 16, 0) < 0) impl_->fail("cannot set up the in-memory driver");
  impl_->h5 = Handle(H5Fcreate(unique_memory_name().c_str(), H5F_ACC_TRUNC, H5P_DEFAULT, fapl.get()), H5Fclose);
  if (!impl_->h5.valid()) impl_->fail("cannot create the file");
}

H5Writer::~H5Writer() {
  std::lock_guard lock(hdf5_mutex());
  impl_.reset();
}

void H5Writer::create_group(const std::string& path, const std::string& name_attribute) {
  std::lock_guard lock(hdf5_mutex());
  Handle lcpl(H5Pcreate(H5P_LINK_CREATE), H5Pclose);
  if (!lcpl.valid() || H5Pset_create_intermediate_group(lcpl.get(), 1) < 0) impl_->fail("cannot create group " + path);
  Handle group(H5Gcreate2(impl_->h5.get(), path.c_str(), lcpl.get(), H5P_DEFAULT, H5P_DEFAULT), H5Gclose);
  if (!group.valid()) impl_->fail("cannot create group " + path);
  // A variable-length UTF-8 string, as h5py stores a Python str attribute.
  Handle type(H5Tcopy(H5T_C_S1), H5Tclose);
  if (!type.valid() || H5Tset_size(type.get(), H5T_VARIABLE) < 0 || H5Tset_cset(type.get(), H5T_CSET_UTF8) < 0)
    impl_->fail("cannot make a string type");
  Handle space(H5Screate(H5S_SCALAR), H5Sclose);
  Handle attribute(H5Acreate2(group.get(), "name", type.get(), space.get(), H5P_DEFAULT, H5P_DEFAULT), H5Aclose);
  const char* text = name_attribute.c_str();
  if (!attribute.valid() || H5Awrite(attribute.get(), type.get(), &text) < 0)
    impl_->fail("cannot write the name attribute of " + path);
}

void H5Writer::write_dataset(const std::string& path, const std::string& key, const Tensor& value) {
  const std::string full = path + "/" + key;
  const TypePair types = types_of(value.dtype(), "[HDF5] '" + impl_->file + "' " + full);
  std::lock_guard lock(hdf5_mutex());
  const TensorShape& shape = value.shape();
  std::vector<hsize_t> dims;
  for (std::int64_t i = 0; i < shape.rank(); ++i) dims.push_back(static_cast<hsize_t>(shape[i]));
  Handle space(dims.empty() ? H5Screate(H5S_SCALAR) : H5Screate_simple(static_cast<int>(dims.size()), dims.data(), nullptr),
               H5Sclose);
  if (!space.valid()) impl_->fail("cannot make the dataspace of " + full);
  Handle dataset(H5Dcreate2(impl_->h5.get(), full.c_str(), types.file, space.get(), H5P_DEFAULT, H5P_DEFAULT, H5P_DEFAULT),
                 H5Dclose);
  if (!dataset.valid()) impl_->fail("cannot create dataset " + full);
  if (value.num_elements() > 0 && H5Dwrite(dataset.get(), types.memory, H5S_ALL, H5S_ALL, H5P_DEFAULT, value.raw_data()) < 0)
    impl_->fail("cannot write dataset " + full);
}

std::string H5Writer::finish() {
  std::lock_guard lock(hdf5_mutex());
  if (H5Fflush(impl_->h5.get(), H5F_SCOPE_GLOBAL) < 0) impl_->fail("cannot flush");
  const ssize_t size = H5Fget_file_image(impl_->h5.get(), nullptr, 0);
  if (size < 0) impl_->fail("cannot get the file image");
  std::string bytes(static_cast<std::size_t>(size), '\0');
  if (H5Fget_file_image(impl_->h5.get(), bytes.data(), bytes.size()) != size) impl_->fail("cannot get the file image");
  impl_->h5.reset();
  return bytes;
}

// ---- Reader ---------------------------------------------------------------------------------

struct H5Reader::Impl {
  std::string file;
  std::string image;  // the bytes HDF5 reads (it keeps its own copy), for the checks made before it reads
  std::optional<FieldSizes> sizes;
  Handle h5;

  [[noreturn]] void damaged(const std::string& what) const {
    throw DataLossError("[HDF5] '" + file + "' is damaged or not an HDF5 file: " + what);
  }
  bool exists(const std::string& path) const {
    // H5Lexists checks one link at a time; every parent must exist first.
    std::size_t pos = 0;
    while (true) {
      pos = path.find('/', pos + 1);
      const std::string prefix = path.substr(0, pos);
      if (H5Lexists(h5.get(), prefix.c_str(), H5P_DEFAULT) <= 0) return false;
      if (pos == std::string::npos) return true;
    }
  }
  Handle open_dataset(const std::string& path) const {
    if (!exists(path)) throw DataLossError("[HDF5] '" + file + "' has no dataset " + path);
    // find_damaged_structure checked the datasets it reached; this one may lie past its limits.
    H5L_info_t link;
    if (H5Lget_info(h5.get(), path.c_str(), &link, H5P_DEFAULT) >= 0 && link.type == H5L_TYPE_HARD && sizes)
      if (const auto messages = object_header_messages(image, *sizes, link.u.address))
        if (const auto bad = check_chunk_layout(*messages, *sizes)) damaged("dataset " + path + " has " + *bad);
    Handle dataset(H5Dopen2(h5.get(), path.c_str(), H5P_DEFAULT), H5Dclose);
    if (!dataset.valid()) damaged("cannot open dataset " + path);
    return dataset;
  }
  // HDF5 1.10 trusts the place and size its layout message gives a dataset's data: damaged ones
  // made it copy through a failed allocation. The data must match the elements and lie in the file.
  void check_storage(hid_t dataset, const std::string& path, std::uint64_t bytes) const {
    Handle plist(H5Dget_create_plist(dataset), H5Pclose);
    const H5D_layout_t layout = plist.valid() ? H5Pget_layout(plist.get()) : H5D_LAYOUT_ERROR;
    if (layout == H5D_CHUNKED) return;  // chunks are found through an index HDF5 checks itself
    if (layout != H5D_CONTIGUOUS && layout != H5D_COMPACT) damaged("bad layout of dataset " + path);
    const hsize_t stored = H5Dget_storage_size(dataset);
    if (stored != bytes)
      damaged("dataset " + path + " stores " + std::to_string(stored) + " bytes for " + std::to_string(bytes) +
              " bytes of elements");
    const haddr_t offset = layout == H5D_CONTIGUOUS && bytes > 0 ? H5Dget_offset(dataset) : 0;
    if (offset == HADDR_UNDEF || offset > image.size() || bytes > image.size() - offset)
      damaged("the data of dataset " + path + " lies outside the file");
  }
};

H5Reader::H5Reader(std::string bytes, std::string file) : impl_(std::make_unique<Impl>()) {
  impl_->file = std::move(file);
  impl_->image = std::move(bytes);
  const std::string& image = impl_->image;
  static constexpr char kSignature[] = "\x89HDF\r\n\x1a\n";
  if (image.size() < 8 || std::memcmp(image.data(), kSignature, 8) != 0)
    impl_->damaged("no HDF5 signature at offset 0 (" + std::to_string(image.size()) + " bytes)");
  if (const auto loop = find_looping_local_heap(image)) impl_->damaged(*loop);
  if (const auto bad = find_damaged_structure(image)) impl_->damaged(*bad);
  impl_->sizes = field_sizes(image);
  std::lock_guard lock(hdf5_mutex());
  quiet_hdf5();
  Handle fapl(H5Pcreate(H5P_FILE_ACCESS), H5Pclose);
  if (!fapl.valid() || H5Pset_fapl_core(fapl.get(), 1 << 16, 0) < 0 ||
      H5Pset_file_image(fapl.get(), const_cast<char*>(image.data()), image.size()) < 0)
    impl_->damaged("cannot set up the in-memory driver");
  impl_->h5 = Handle(H5Fopen(unique_memory_name().c_str(), H5F_ACC_RDONLY, fapl.get()), H5Fclose);
  if (!impl_->h5.valid()) impl_->damaged("cannot open it (truncated or corrupted superblock)");
}

H5Reader::~H5Reader() {
  std::lock_guard lock(hdf5_mutex());
  impl_.reset();
}

const std::string& H5Reader::file() const { return impl_->file; }

bool H5Reader::has_group(const std::string& path) const {
  std::lock_guard lock(hdf5_mutex());
  if (path.empty()) return true;
  if (!impl_->exists(path)) return false;
  H5O_info_t info;
  if (H5Oget_info_by_name2(impl_->h5.get(), path.c_str(), &info, H5O_INFO_BASIC, H5P_DEFAULT) < 0)
    impl_->damaged("cannot read the object header of " + path);
  return info.type == H5O_TYPE_GROUP;
}

std::vector<std::string> H5Reader::keys(const std::string& path) const {
  std::lock_guard lock(hdf5_mutex());
  Handle group(H5Gopen2(impl_->h5.get(), path.empty() ? "/" : path.c_str(), H5P_DEFAULT), H5Gclose);
  if (!group.valid()) impl_->damaged("cannot open group " + path);
  std::vector<std::string> names;
  const auto collect = [](hid_t, const char* name, const H5L_info_t*, void* out) -> herr_t {
    static_cast<std::vector<std::string>*>(out)->emplace_back(name);
    return 0;
  };
  hsize_t index = 0;
  if (H5Literate(group.get(), H5_INDEX_NAME, H5_ITER_INC, &index, collect, &names) < 0)
    impl_->damaged("cannot list group " + path);
  return names;
}

H5DatasetInfo H5Reader::dataset_info(const std::string& path) const {
  std::lock_guard lock(hdf5_mutex());
  Handle dataset = impl_->open_dataset(path);
  Handle space(H5Dget_space(dataset.get()), H5Sclose);
  if (!space.valid()) impl_->damaged("cannot read the dataspace of " + path);
  H5DatasetInfo info;
  const H5S_class_t space_class = H5Sget_simple_extent_type(space.get());
  if (space_class == H5S_SIMPLE) {
    const int rank = H5Sget_simple_extent_ndims(space.get());
    if (rank < 0 || rank > H5S_MAX_RANK) impl_->damaged("bad rank of " + path);
    std::vector<hsize_t> dims(static_cast<std::size_t>(rank));
    if (H5Sget_simple_extent_dims(space.get(), dims.data(), nullptr) < 0) impl_->damaged("bad dimensions of " + path);
    // Sizes are bounded so that element counts and byte sizes cannot overflow.
    constexpr hsize_t kMaxElements = hsize_t{1} << 48;
    hsize_t count = 1;
    for (hsize_t d : dims) {
      if (d > kMaxElements || (d > 0 && count > kMaxElements / d)) impl_->damaged("implausible dimensions of " + path);
      count *= d;
      info.shape.push_back(static_cast<std::int64_t>(d));
    }
  } else if (space_class != H5S_SCALAR) {
    throw InvalidArgumentError("[HDF5] '" + impl_->file + "' dataset " + path + " has no data (a null dataspace)");
  }
  Handle type(H5Dget_type(dataset.get()), H5Tclose);
  if (!type.valid()) impl_->damaged("cannot read the type of " + path);
  const H5T_class_t type_class = H5Tget_class(type.get());
  if (type_class != H5T_FLOAT && type_class != H5T_INTEGER)
    throw InvalidArgumentError("[HDF5] '" + impl_->file + "' dataset " + path + " does not hold numbers");
  info.is_float = type_class == H5T_FLOAT;
  info.element_size = H5Tget_size(type.get());
  if (info.element_size == 0 || info.element_size > 16) impl_->damaged("bad element size of " + path);
  return info;
}

Tensor H5Reader::read_dataset(const std::string& path, DType dtype, const H5DatasetInfo& info) const {
  const TypePair types = types_of(dtype, "[HDF5] '" + impl_->file + "' " + path);
  Tensor out = core::empty(dtype, TensorShape(info.shape));
  std::lock_guard lock(hdf5_mutex());
  Handle dataset = impl_->open_dataset(path);
  Handle space(H5Dget_space(dataset.get()), H5Sclose);
  const hssize_t count = space.valid() ? H5Sget_simple_extent_npoints(space.get()) : -1;
  if (count != out.num_elements())
    impl_->damaged("dataset " + path + " holds " + std::to_string(count) + " elements, its header said " +
                   shape_text(info.shape));
  impl_->check_storage(dataset.get(), path, static_cast<std::uint64_t>(count) * info.element_size);
  if (count > 0 && H5Dread(dataset.get(), types.memory, H5S_ALL, H5S_ALL, H5P_DEFAULT, out.raw_mutable_data()) < 0)
    impl_->damaged("cannot read the data of " + path);
  return out;
}

}  // namespace tf::keras::saving::detail
