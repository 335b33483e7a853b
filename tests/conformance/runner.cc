// The conformance runner: reads cases (tests/conformance/driver.py writes them) on standard
// input, evaluates each through tfpp's public API, and writes each result (dtypes, shapes,
// values, printed text, error class, gradients) on standard output in the wire format.
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

#include "conformance/case_functions.h"
#include "conformance/wire_format.h"
#include "tfpp/tfpp.h"

namespace tf::conformance {
namespace {

struct Case {
  std::string id, fn;
  bool grad = false;
  std::vector<Tensor> inputs;
  Attrs attrs;
};

// The class name TensorFlow would give the error.
std::string error_class(const std::exception_ptr& e) {
  try {
    std::rethrow_exception(e);
  } catch (const InvalidArgumentError&) {
    return "InvalidArgumentError";
  } catch (const NotFoundError&) {
    return "NotFoundError";
  } catch (const OutOfRangeError&) {
    return "OutOfRangeError";
  } catch (const FailedPreconditionError&) {
    return "FailedPreconditionError";
  } catch (const UnimplementedError&) {
    return "UnimplementedError";
  } catch (const LookupError&) {
    return "LookupError";
  } catch (const InternalError&) {
    return "InternalError";
  } catch (const Error&) {
    return "Error";
  } catch (const std::exception&) {
    return "std::exception";
  }
}

std::string error_message(const std::exception_ptr& e) {
  try {
    std::rethrow_exception(e);
  } catch (const std::exception& ex) {
    return ex.what();
  }
}

// The upstream gradient of an output: small exact values that differ per element, so a
// gradient that mixes up elements shows. Driver.py computes the same.
Tensor upstream_gradient(const Tensor& output) {
  std::vector<double> w(output.num_elements());
  for (std::size_t k = 0; k < w.size(); ++k) w[k] = static_cast<double>(static_cast<int>(k * 7 % 11) - 5) / 4.0;
  return cast(constant(w, output.shape()), output.dtype());
}

void write_error(std::ostream& out, const char* tag, const std::exception_ptr& e) {
  out << tag << ' ' << error_class(e) << ' ' << hex_bytes(error_message(e)) << '\n';
}

void run_case(const Case& c, std::ostream& out) {
  out << "case " << c.id << '\n';
  auto it = case_functions().find(c.fn);
  if (it == case_functions().end()) {
    out << "missing " << c.fn << "\nend\n";
    return;
  }
  std::vector<Tensor> sources;
  for (const Tensor& t : c.inputs)
    if (c.grad && (is_floating(t.dtype()) || is_complex(t.dtype()))) sources.push_back(t);
  GradientTape tape({.persistent = true});
  tape.watch(sources);
  std::vector<Tensor> results;
  try {
    results = it->second(c.inputs, c.attrs);
  } catch (...) {
    write_error(out, "error", std::current_exception());
    out << "end\n";
    return;
  }
  std::vector<Tensor> targets, upstream;
  for (const Tensor& r : results) {
    out << "out ";
    write_tensor(out, r);
    out << "\nstr " << hex_bytes(r.to_string()) << "\nrepr " << hex_bytes(r.repr()) << '\n';
    if (is_floating(r.dtype()) || is_complex(r.dtype())) {
      targets.push_back(r);
      upstream.push_back(upstream_gradient(r));
    }
  }
  if (!sources.empty() && !targets.empty()) {
    try {
      std::vector<Tensor> grads = tape.gradient(targets, sources, upstream);
      for (std::size_t k = 0; k < grads.size(); ++k) {
        out << "grad " << k;
        if (grads[k].defined()) {
          out << ' ';
          write_tensor(out, grads[k]);
        } else {
          out << " none";
        }
        out << '\n';
      }
    } catch (...) {
      write_error(out, "gerror", std::current_exception());
    }
  }
  out << "end\n";
}

}  // namespace
}  // namespace tf::conformance

int main() {
  using namespace tf::conformance;
  std::ios::sync_with_stdio(false);
  Case c;
  for (std::string line; std::getline(std::cin, line);) {
    std::istringstream in(line);
    std::string tag;
    in >> tag;
    if (tag == "case") {
      c = Case{};
      int grad = 0;
      in >> c.id >> c.fn >> grad;
      c.grad = grad != 0;
    } else if (tag == "in") {
      c.inputs.push_back(read_tensor(in));
    } else if (tag == "attr") {
      c.attrs.read(in);
    } else if (tag == "end") {
      run_case(c, std::cout);
      std::cout.flush();
    }
  }
  return 0;
}
