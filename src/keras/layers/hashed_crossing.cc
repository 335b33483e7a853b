#include "tfpp/keras/layers/hashed_crossing.h"

#include "keras/layers/categorical_encoding.h"
#include "keras/layers/config_util.h"
#include "tfpp/array_ops.h"
#include "tfpp/errors.h"
#include "tfpp/keras/layers/deserialize.h"
#include "tfpp/sparse_ops.h"

namespace tf::keras::layers {
namespace {

// Keras' default dtype of HashedCrossing: int64 for "int" output, else the float dtype given.
HashedCrossingOptions with_crossing_dtype(HashedCrossingOptions o) {
  if (o.output_mode == "int" && o.dtype == float32) o.dtype = int64;
  return o;
}

std::string shapes_text(const std::vector<TensorShape>& shapes) {
  std::string text = "[";
  for (std::size_t i = 0; i < shapes.size(); ++i) text += (i ? ", " : "") + shapes[i].to_string();
  return text + "]";
}

}  // namespace

HashedCrossing::HashedCrossing(std::int64_t num_bins, HashedCrossingOptions options)
    : Layer(layer_options(with_crossing_dtype(options), "HashedCrossing")), num_bins_(num_bins),
      options_(std::move(options)) {
  if (num_bins <= 0)
    throw InvalidArgumentError("[" + name() + "] `num_bins` must be positive. Received: num_bins=" +
                               std::to_string(num_bins));
  if (options_.output_mode != "int" && options_.output_mode != "one_hot")
    throw InvalidArgumentError("[" + name() + "] Invalid value for argument `output_mode`. Expected one of ('int', "
                               "'one_hot'). Received: output_mode=" + options_.output_mode);
  if (options_.sparse) throw InvalidArgumentError("[" + name() + "] sparse outputs are not supported by tfpp");
}

// Keras' checks, made before anything is hashed: two or more inputs, all of one shape (), (batch)
// or (batch, 1), each of an integer or string dtype.
void HashedCrossing::check_inputs(const std::vector<TensorShape>& shapes, const std::vector<DType>& dtypes) const {
  if (shapes.size() < 2)
    throw InvalidArgumentError("[" + name() + "] `HashedCrossing` should be called on at least two inputs. "
                               "Received " + std::to_string(shapes.size()) + " input(s)");
  const TensorShape& first = shapes[0];
  if (first.has_unknown_rank() || first.rank() > 2 || (first.rank() == 2 && first.dim(1) != 1))
    throw InvalidArgumentError("[" + name() + "] All `HashedCrossing` inputs should have shape `()`, `(batch_size)` or "
                               "`(batch_size, 1)`. Received shapes " + shapes_text(shapes));
  for (const TensorShape& s : shapes)
    if (s != first)
      throw InvalidArgumentError("[" + name() + "] All `HashedCrossing` inputs should have equal shape. Received shapes " +
                                 shapes_text(shapes));
  for (DType d : dtypes)
    if (!is_integer(d) && d != string)
      throw InvalidArgumentError("[" + name() + "] All `HashedCrossing` inputs should have an integer or string dtype. "
                                 "Received dtype " + std::string(dtype_name(d)));
}

void HashedCrossing::build_multi(const std::vector<TensorShape>& input_shapes) {
  check_inputs(input_shapes, {});
  Layer::build_multi(input_shapes);
}

// SparseCross wants rank-2 dense inputs; each row then holds exactly one crossed value, so the
// dense result is reshaped back to the inputs' shape.
std::vector<Tensor> HashedCrossing::call_multi(const std::vector<Tensor>& inputs, bool) {
  std::vector<TensorShape> shapes;
  std::vector<DType> dtypes;
  for (const Tensor& x : inputs) {
    shapes.push_back(x.shape());
    dtypes.push_back(x.dtype());
  }
  check_inputs(shapes, dtypes);
  std::vector<Tensor> rank2;
  for (const Tensor& x : inputs) rank2.push_back(reshape(x, {-1, 1}));
  Tensor bins = sparse::to_dense(sparse::cross_hashed({}, rank2, num_bins_));
  const int rank = shapes[0].rank();
  if (rank == 0) bins = reshape(bins, IntArray());
  else if (rank == 1) bins = reshape(bins, {-1});
  else bins = reshape(bins, {-1, 1});
  return {detail::encode_categorical(bins, options_.output_mode, num_bins_, dtype())};
}

// Keras' HashedCrossing writes its own config: no `trainable`, and the dtype as its name.
Config HashedCrossing::get_config() const {
  Config c;
  c["name"] = name();
  c["dtype"] = std::string(dtype_name(dtype()));
  c["num_bins"] = num_bins_;
  c["output_mode"] = options_.output_mode;
  c["sparse"] = options_.sparse;
  return c;
}

HashedCrossing HashedCrossing::from_config(const Config& c) {
  HashedCrossingOptions o;
  detail::read_common(c, o);
  detail::read_if_present(c, "output_mode", o.output_mode, [](const ConfigValue& v) { return v.get<std::string>(); });
  detail::read_if_present(c, "sparse", o.sparse, [](const ConfigValue& v) { return v.get<bool>(); });
  return HashedCrossing(detail::config_at(c, "num_bins", "HashedCrossing").get<std::int64_t>(), o);
}

namespace {
[[maybe_unused]] const bool registered = [] {
  register_layer_class("HashedCrossing",
                       [](const Config& c) { return std::make_shared<HashedCrossing>(HashedCrossing::from_config(c)); });
  return true;
}();
}  // namespace

}  // namespace tf::keras::layers
