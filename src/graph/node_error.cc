// Rethrowing a kernel's error with the node it was raised at.
#include "graph/node_error.h"

#include <typeinfo>

namespace tf::graph {
namespace {

constexpr const char* kNodeSuffixStart = "\n\t [[{{node ";

template <class E>
void rethrow_if(const Error& error, const std::string& message) {
  if (typeid(error) == typeid(E)) throw E(message);
}

}  // namespace

void rethrow_at_node(const Error& error, const std::string& node_name) {
  const std::string what = error.what();
  if (what.find(kNodeSuffixStart) != std::string::npos) throw;
  const std::string message = what + kNodeSuffixStart + node_name + "}}]]";
  rethrow_if<InvalidArgumentError>(error, message);
  rethrow_if<NotFoundError>(error, message);
  rethrow_if<OutOfRangeError>(error, message);
  rethrow_if<FailedPreconditionError>(error, message);
  rethrow_if<UnimplementedError>(error, message);
  rethrow_if<LookupError>(error, message);
  rethrow_if<InternalError>(error, message);
  rethrow_if<DataLossError>(error, message);
  rethrow_if<Error>(error, message);
  throw;  // a class of tfpp's own API (not raised by kernels): as it is
}

}  // namespace tf::graph
