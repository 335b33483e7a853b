// The discrete Fourier transforms of tf.signal: FFT / IFFT (and 2D, 3D) of complex tensors
// over their innermost 1, 2 or 3 dimensions, and RFFT / IRFFT (and 2D, 3D) between real
// signals and the non-redundant half of their spectra, with fft_length cropping or zero-padding
// the transformed dimensions, as TensorFlow's ops do. The transforms are Eigen's FFT module
// (kissfft), one line at a time; an inverse transform divides by the number of points.
#include <unsupported/Eigen/FFT>
#include <algorithm>
#include <complex>
#include <optional>
#include <string>
#include <vector>

#include "ops/array/array_common.h"
#include "ops/complex/complex_dtype.h"
#include "ops/execute.h"
#include "ops/shape_fns.h"
#include "ops/signal/fft_ops.h"

namespace tf::ops::signal {
namespace {

// Transforms every line of `data` (row-major, of `dims`) along axis `axis`, in place.
template <class T>
void transform_axis(std::complex<T>* data, const std::vector<std::int64_t>& dims, int axis, bool inverse) {
  const std::int64_t n = dims[axis];
  if (n == 0) return;
  std::int64_t inner = 1, outer = 1;
  for (std::size_t d = axis + 1; d < dims.size(); ++d) inner *= dims[d];
  for (int d = 0; d < axis; ++d) outer *= dims[d];
  Eigen::FFT<T> fft;
  std::vector<std::complex<T>> line(n), result(n);
  for (std::int64_t o = 0; o < outer; ++o)
    for (std::int64_t i = 0; i < inner; ++i) {
      std::complex<T>* base = data + o * n * inner + i;
      for (std::int64_t k = 0; k < n; ++k) line[k] = base[k * inner];
      if (inverse) fft.inv(result.data(), line.data(), n);
      else fft.fwd(result.data(), line.data(), n);
      for (std::int64_t k = 0; k < n; ++k) base[k * inner] = result[k];
    }
}

std::vector<std::int64_t> dims_of(const TensorShape& s) { return {s.dims().begin(), s.dims().end()}; }

// Copies `src` (of `src_dims`) into a zeroed `dst` (of `dst_dims`, the same rank), element
// (i0, i1, ...) to the same position: the innermost dimensions are cropped or zero-padded.
template <class T>
void crop_or_pad(const T* src, const std::vector<std::int64_t>& src_dims, T* dst, const std::vector<std::int64_t>& dst_dims) {
  std::int64_t total = 1;
  for (std::int64_t d : dst_dims) total *= d;
  std::fill_n(dst, total, T(0));
  const int rank = static_cast<int>(dst_dims.size());
  std::vector<std::int64_t> common(rank);
  std::int64_t count = 1;
  for (int d = 0; d < rank; ++d) count *= (common[d] = std::min(src_dims[d], dst_dims[d]));
  std::vector<std::int64_t> index(rank, 0);
  for (std::int64_t c = 0; c < count; ++c) {
    std::int64_t s = 0, t = 0;
    for (int d = 0; d < rank; ++d) {
      s = s * src_dims[d] + index[d];
      t = t * dst_dims[d] + index[d];
    }
    dst[t] = src[s];
    for (int d = rank - 1; d >= 0; --d) {
      if (++index[d] < common[d]) break;
      index[d] = 0;
    }
  }
}

template <int k>
void fft_shape(ShapeContext& ctx) {
  const DType d = ctx.input(0).dtype();
  if (!is_complex(d)) ctx.fail("expects a complex64 or complex128 input, got " + std::string(dtype_name(d)));
  const TensorShape& s = ctx.input(0).shape();
  if (!s.has_unknown_rank() && s.rank() < k)
    ctx.fail("input must have rank of at least " + std::to_string(k) + " but got: " + s.debug_string());
  ctx.add_output(d, s);
}

template <class T, int k, bool kInverse>
void fft_kernel(KernelContext& ctx) {
  const Tensor& in = ctx.input(0);
  Tensor& out = ctx.output(0);
  std::complex<T>* y = out.mutable_data<std::complex<T>>();
  std::copy_n(in.data<std::complex<T>>(), in.num_elements(), y);
  const std::vector<std::int64_t> dims = dims_of(in.shape());
  for (int a = 0; a < k; ++a) transform_axis(y, dims, static_cast<int>(dims.size()) - 1 - a, kInverse);
}

// fft_length of an RFFT / IRFFT call: its values when known, checked against the rank.
std::optional<std::vector<std::int64_t>> fft_lengths(const OpContext& ctx, int k) {
  const Tensor& t = ctx.input(1);
  if (t.dtype() != DType::kInt32) ctx.fail("fft_length must be int32, got " + std::string(dtype_name(t.dtype())));
  if (!t.shape().has_unknown_rank() && (t.shape().rank() != 1 || (t.shape().dim(0) != None && t.shape().dim(0) != k)))
    ctx.fail("fft_length must be a vector of " + std::to_string(k) + " elements, got shape " + t.shape().debug_string());
  auto values = array::known_int_values(ctx, 1);
  if (values)
    for (std::int64_t v : *values)
      if (v < 0) ctx.fail("fft_length must be non-negative, got " + array::join_ints(*values));
  return values;
}

template <int k, bool kInverse>
void real_fft_shape(ShapeContext& ctx) {
  const DType d = ctx.input(0).dtype();
  if (kInverse ? !is_complex(d) : (d != DType::kFloat32 && d != DType::kFloat64))
    ctx.fail(std::string("expects a ") + (kInverse ? "complex64 or complex128" : "float32 or float64") + " input, got " +
             std::string(dtype_name(d)));
  const TensorShape& s = ctx.input(0).shape();
  const auto lengths = fft_lengths(ctx, k);
  const DType out_dtype = kInverse ? real_dtype_of(d) : complex_dtype_of(d);
  if (s.has_unknown_rank()) return ctx.add_output(out_dtype, TensorShape::unknown_rank());
  if (s.rank() < k) ctx.fail("input must have rank of at least " + std::to_string(k) + " but got: " + s.debug_string());
  TensorShape out = s;
  for (int a = 0; a < k; ++a) {
    const int axis = s.rank() - k + a;
    if (!lengths) out.set_dim(axis, None);
    else if (a == k - 1 && !kInverse) out.set_dim(axis, (*lengths)[a] / 2 + 1);
    else out.set_dim(axis, (*lengths)[a]);
  }
  ctx.add_output(out_dtype, out);
}

template <class T, int k>
void rfft_kernel(KernelContext& ctx) {
  const Tensor& in = ctx.input(0);
  const std::vector<std::int64_t> lengths = array::int_values(ctx.input(1));
  std::vector<std::int64_t> in_dims = dims_of(in.shape()), full = in_dims;
  const int rank = static_cast<int>(in_dims.size());
  for (int a = 0; a < k; ++a) full[rank - k + a] = lengths[a];
  std::int64_t total = 1;
  for (std::int64_t d : full) total *= d;
  // The real input as complex numbers, cropped or padded to fft_length, transformed in full.
  std::vector<std::complex<T>> as_complex(in.num_elements()), spectrum(total);
  const T* x = in.data<T>();
  for (std::int64_t i = 0; i < in.num_elements(); ++i) as_complex[i] = x[i];
  crop_or_pad(as_complex.data(), in_dims, spectrum.data(), full);
  for (int a = 0; a < k; ++a) transform_axis(spectrum.data(), full, rank - 1 - a, false);
  Tensor& out = ctx.output(0);
  crop_or_pad(spectrum.data(), full, out.mutable_data<std::complex<T>>(), dims_of(out.shape()));
}

template <class T, int k>
void irfft_kernel(KernelContext& ctx) {
  const Tensor& in = ctx.input(0);
  const std::vector<std::int64_t> lengths = array::int_values(ctx.input(1));
  const std::vector<std::int64_t> in_dims = dims_of(in.shape());
  const int rank = static_cast<int>(in_dims.size());
  std::vector<std::int64_t> half = in_dims;
  for (int a = 0; a < k; ++a) half[rank - k + a] = a == k - 1 ? lengths[a] / 2 + 1 : lengths[a];
  std::int64_t total = 1;
  for (std::int64_t d : half) total *= d;
  std::vector<std::complex<T>> spectrum(total);
  crop_or_pad(in.data<std::complex<T>>(), in_dims, spectrum.data(), half);
  // The outer transformed axes first: each line along the last axis is then the half spectrum
  // of a real sequence, completed by Hermitian symmetry (the imaginary parts that symmetry
  // leaves no room for, at 0 and n/2, drop out with the imaginary part of the result).
  for (int a = 1; a < k; ++a) transform_axis(spectrum.data(), half, rank - 1 - a, true);
  const std::int64_t n = lengths[k - 1], m = half[rank - 1], lines = m ? total / m : 0;
  T* y = ctx.output(0).mutable_data<T>();
  if (n == 0) return;
  Eigen::FFT<T> fft;
  std::vector<std::complex<T>> line(n), result(n);
  for (std::int64_t l = 0; l < lines; ++l) {
    const std::complex<T>* h = spectrum.data() + l * m;
    for (std::int64_t j = 0; j < n; ++j) line[j] = j < m ? h[j] : std::conj(h[n - j]);
    fft.inv(result.data(), line.data(), n);
    for (std::int64_t j = 0; j < n; ++j) y[l * n + j] = result[j].real();
  }
}

template <int k, bool kInverse>
OpBuilder fft_op(const char* name) {
  OpBuilder b(name);
  b.inputs(1).shape(fft_shape<k>)
      .kernel(DType::kComplex64, &fft_kernel<float, k, kInverse>)
      .kernel(DType::kComplex128, &fft_kernel<double, k, kInverse>);
  return b;
}

template <int k>
OpBuilder rfft_op(const char* name) {
  OpBuilder b(name);
  b.inputs(2).shape(real_fft_shape<k, false>)
      .kernel(DType::kFloat32, &rfft_kernel<float, k>).kernel(DType::kFloat64, &rfft_kernel<double, k>);
  return b;
}

template <int k>
OpBuilder irfft_op(const char* name) {
  OpBuilder b(name);
  b.inputs(2).shape(real_fft_shape<k, true>)
      .kernel(DType::kComplex64, &irfft_kernel<float, k>).kernel(DType::kComplex128, &irfft_kernel<double, k>);
  return b;
}

const OpDef& kFFT = fft_op<1, false>("FFT");
const OpDef& kFFT2D = fft_op<2, false>("FFT2D");
const OpDef& kFFT3D = fft_op<3, false>("FFT3D");
const OpDef& kIFFT = fft_op<1, true>("IFFT");
const OpDef& kIFFT2D = fft_op<2, true>("IFFT2D");
const OpDef& kIFFT3D = fft_op<3, true>("IFFT3D");
const OpDef& kRFFT = rfft_op<1>("RFFT");
const OpDef& kRFFT2D = rfft_op<2>("RFFT2D");
const OpDef& kRFFT3D = rfft_op<3>("RFFT3D");
const OpDef& kIRFFT = irfft_op<1>("IRFFT");
const OpDef& kIRFFT2D = irfft_op<2>("IRFFT2D");
const OpDef& kIRFFT3D = irfft_op<3>("IRFFT3D");

void check_rank(int rank, const char* what) {
  if (rank < 1 || rank > 3) throw InvalidArgumentError(std::string("[") + what + "] transforms 1 to 3 dimensions, got " + std::to_string(rank));
}

}  // namespace

Tensor fft_nd(const Tensor& x, int rank, bool inverse) {
  check_rank(rank, inverse ? "IFFT" : "FFT");
  const OpDef* forward[] = {&kFFT, &kFFT2D, &kFFT3D};
  const OpDef* backward[] = {&kIFFT, &kIFFT2D, &kIFFT3D};
  return execute1(*(inverse ? backward : forward)[rank - 1], {x});
}

Tensor rfft_nd(const Tensor& x, const Tensor& fft_length, int rank, bool inverse) {
  check_rank(rank, inverse ? "IRFFT" : "RFFT");
  const OpDef* forward[] = {&kRFFT, &kRFFT2D, &kRFFT3D};
  const OpDef* backward[] = {&kIRFFT, &kIRFFT2D, &kIRFFT3D};
  return execute1(*(inverse ? backward : forward)[rank - 1], {x, fft_length});
}

}  // namespace tf::ops::signal
