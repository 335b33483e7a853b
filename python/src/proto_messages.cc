// TensorFlow's protocol-buffer messages for Python (tf.compat.v1.Event, Summary, HistogramProto,
// TensorProto, GraphDef...), read and written through protobuf's reflection over the message
// types compiled into the C++ core. python/tfpp/protos.py makes one Python class per message
// type on top of these functions.
//
// A message handle is a root message and the path of fields (and repeated indices) from it, and
// every access walks the path again: a handle never points into memory that a later ClearField,
// CopyFrom or ParseFromString freed. Walking for a write creates the absent submessages on the
// way, so `event.summary.value.add()` on an empty event gives it a summary, as in protobuf's Python.
#include <google/protobuf/descriptor.h>
#include <google/protobuf/message.h>
#include <google/protobuf/text_format.h>
#include <google/protobuf/util/message_differencer.h>
#include <nanobind/stl/string.h>
#include <nanobind/stl/vector.h>

#include <limits>
#include <memory>
#include <string>
#include <vector>

#include "bindings.h"

namespace tfpp_python {
namespace {

namespace pb = google::protobuf;
using namespace nb::literals;
using Cpp = pb::FieldDescriptor::CppType;

// tfpp compiles TensorFlow's messages under its own package; Python shows TensorFlow's.
constexpr std::string_view kPackage = "tf.proto.";

std::string tensorflow_name(const pb::Descriptor& type) {
  return "tensorflow." + type.full_name().substr(kPackage.size());
}

struct Step {
  const pb::FieldDescriptor* field;
  int index;  // the element of a repeated field; -1 for a singular one
};

struct MessageHandle {
  std::shared_ptr<pb::Message> root;
  std::vector<Step> path;
};

// A repeated field of a message.
struct RepeatedHandle {
  MessageHandle owner;
  const pb::FieldDescriptor* field;
};

const pb::Descriptor& message_type(const std::string& name) {
  const pb::Descriptor* type =
      pb::DescriptorPool::generated_pool()->FindMessageTypeByName(std::string(kPackage) + name);
  if (!type) throw nb::value_error(("no protocol message type " + name).c_str());
  return *type;
}

MessageHandle new_message(const pb::Descriptor& type) {
  return {std::shared_ptr<pb::Message>(pb::MessageFactory::generated_factory()->GetPrototype(&type)->New()), {}};
}

const pb::Message& read(const MessageHandle& h) {
  const pb::Message* m = h.root.get();
  for (const Step& s : h.path) {
    const pb::Reflection& r = *m->GetReflection();
    if (s.index < 0) {
      m = &r.GetMessage(*m, s.field);  // an absent submessage reads as its default
    } else {
      if (s.index >= r.FieldSize(*m, s.field)) throw nb::index_error("the message was removed from its repeated field");
      m = &r.GetRepeatedMessage(*m, s.field, s.index);
    }
  }
  return *m;
}

pb::Message& write(const MessageHandle& h) {
  pb::Message* m = h.root.get();
  for (const Step& s : h.path) {
    const pb::Reflection& r = *m->GetReflection();
    if (s.index < 0) {
      m = r.MutableMessage(m, s.field);
    } else {
      if (s.index >= r.FieldSize(*m, s.field)) throw nb::index_error("the message was removed from its repeated field");
      m = r.MutableRepeatedMessage(m, s.field, s.index);
    }
  }
  return *m;
}

MessageHandle child(const MessageHandle& h, const pb::FieldDescriptor* field, int index) {
  MessageHandle c = h;
  c.path.push_back({field, index});
  return c;
}

const pb::FieldDescriptor& field_of(const pb::Descriptor& type, const std::string& name) {
  const pb::FieldDescriptor* f = type.FindFieldByName(name);
  if (!f) throw nb::attribute_error(("Protocol message " + type.name() + " has no \"" + name + "\" field.").c_str());
  return *f;
}

nb::object scalar(const pb::Message& m, const pb::FieldDescriptor* f, int index) {
  const pb::Reflection& r = *m.GetReflection();
  const bool rep = index >= 0;
  switch (f->cpp_type()) {
    case Cpp::CPPTYPE_INT32: return nb::int_(rep ? r.GetRepeatedInt32(m, f, index) : r.GetInt32(m, f));
    case Cpp::CPPTYPE_INT64: return nb::int_(rep ? r.GetRepeatedInt64(m, f, index) : r.GetInt64(m, f));
    case Cpp::CPPTYPE_UINT32: return nb::int_(rep ? r.GetRepeatedUInt32(m, f, index) : r.GetUInt32(m, f));
    case Cpp::CPPTYPE_UINT64: return nb::int_(rep ? r.GetRepeatedUInt64(m, f, index) : r.GetUInt64(m, f));
    case Cpp::CPPTYPE_DOUBLE: return nb::float_(rep ? r.GetRepeatedDouble(m, f, index) : r.GetDouble(m, f));
    case Cpp::CPPTYPE_FLOAT: return nb::float_(rep ? r.GetRepeatedFloat(m, f, index) : r.GetFloat(m, f));
    case Cpp::CPPTYPE_BOOL: return nb::bool_(rep ? r.GetRepeatedBool(m, f, index) : r.GetBool(m, f));
    case Cpp::CPPTYPE_ENUM: return nb::int_(rep ? r.GetRepeatedEnumValue(m, f, index) : r.GetEnumValue(m, f));
    case Cpp::CPPTYPE_STRING: {
      const std::string s = rep ? r.GetRepeatedString(m, f, index) : r.GetString(m, f);
      if (f->type() == pb::FieldDescriptor::TYPE_BYTES) return nb::bytes(s.data(), s.size());
      return nb::str(s.data(), s.size());
    }
    case Cpp::CPPTYPE_MESSAGE: break;
  }
  throw nb::type_error("not a scalar field");
}

// protobuf's Python's TypeError text for a value of the wrong type.
std::string type_error_text(nb::handle value, const pb::FieldDescriptor& f) {
  const std::string type = nb::type_name(value.type()).c_str();
  switch (f.cpp_type()) {
    case Cpp::CPPTYPE_STRING: return "bad argument type for built-in operation";
    case Cpp::CPPTYPE_DOUBLE:
    case Cpp::CPPTYPE_FLOAT: return "must be real number, not " + type;
    default: return "'" + type + "' object cannot be interpreted as an integer";
  }
}

// A Python value for a scalar field, checked as protobuf's Python checks it.
template <class T>
T integer(nb::handle value, const pb::FieldDescriptor& f) {
  if (!PyLong_Check(value.ptr())) throw nb::type_error(type_error_text(value, f).c_str());
  bool fits;
  T result;
  if constexpr (std::is_signed_v<T>) {
    const long long n = PyLong_AsLongLong(value.ptr());
    fits = !PyErr_Occurred() && n >= std::numeric_limits<T>::min() && n <= std::numeric_limits<T>::max();
    result = static_cast<T>(n);
  } else {
    const unsigned long long n = PyLong_AsUnsignedLongLong(value.ptr());
    fits = !PyErr_Occurred() && n <= std::numeric_limits<T>::max();
    result = static_cast<T>(n);
  }
  if (!fits) {
    PyErr_Clear();
    throw nb::value_error(("Value out of range: " + std::string(nb::str(value).c_str())).c_str());
  }
  return result;
}

double real(nb::handle value, const pb::FieldDescriptor& f) {
  if (!PyFloat_Check(value.ptr()) && !PyLong_Check(value.ptr())) throw nb::type_error(type_error_text(value, f).c_str());
  return nb::cast<double>(nb::float_(nb::borrow(value)));
}

std::string bytes_of(nb::handle value) {
  nb::bytes b = nb::bytes(nb::borrow(value));
  return std::string(b.c_str(), b.size());
}

std::string text(nb::handle value, const pb::FieldDescriptor& f) {
  if (PyBytes_Check(value.ptr())) return bytes_of(value);
  if (PyUnicode_Check(value.ptr()) && f.type() == pb::FieldDescriptor::TYPE_STRING) return nb::cast<std::string>(value);
  throw nb::type_error(type_error_text(value, f).c_str());
}

int enum_number(nb::handle value, const pb::FieldDescriptor& f) {
  if (PyUnicode_Check(value.ptr())) {
    const pb::EnumValueDescriptor* v = f.enum_type()->FindValueByName(nb::cast<std::string>(value));
    if (!v) throw nb::value_error(("unknown enum label \"" + nb::cast<std::string>(value) + "\"").c_str());
    return v->number();
  }
  return integer<std::int32_t>(value, f);
}

void set_scalar(pb::Message& m, const pb::FieldDescriptor& f, nb::handle value, bool add) {
  const pb::Reflection& r = *m.GetReflection();
  const pb::FieldDescriptor* p = &f;
  switch (f.cpp_type()) {
    case Cpp::CPPTYPE_INT32: {
      auto v = integer<std::int32_t>(value, f);
      return add ? r.AddInt32(&m, p, v) : r.SetInt32(&m, p, v);
    }
    case Cpp::CPPTYPE_INT64: {
      auto v = integer<std::int64_t>(value, f);
      return add ? r.AddInt64(&m, p, v) : r.SetInt64(&m, p, v);
    }
    case Cpp::CPPTYPE_UINT32: {
      auto v = integer<std::uint32_t>(value, f);
      return add ? r.AddUInt32(&m, p, v) : r.SetUInt32(&m, p, v);
    }
    case Cpp::CPPTYPE_UINT64: {
      auto v = integer<std::uint64_t>(value, f);
      return add ? r.AddUInt64(&m, p, v) : r.SetUInt64(&m, p, v);
    }
    case Cpp::CPPTYPE_DOUBLE: {
      double v = real(value, f);
      return add ? r.AddDouble(&m, p, v) : r.SetDouble(&m, p, v);
    }
    case Cpp::CPPTYPE_FLOAT: {
      auto v = static_cast<float>(real(value, f));
      return add ? r.AddFloat(&m, p, v) : r.SetFloat(&m, p, v);
    }
    case Cpp::CPPTYPE_BOOL: {
      if (!PyBool_Check(value.ptr()) && !PyLong_Check(value.ptr())) throw nb::type_error(type_error_text(value, f).c_str());
      bool v = PyObject_IsTrue(value.ptr());
      return add ? r.AddBool(&m, p, v) : r.SetBool(&m, p, v);
    }
    case Cpp::CPPTYPE_ENUM: {
      int v = enum_number(value, f);
      return add ? r.AddEnumValue(&m, p, v) : r.SetEnumValue(&m, p, v);
    }
    case Cpp::CPPTYPE_STRING: {
      std::string v = text(value, f);
      return add ? r.AddString(&m, p, std::move(v)) : r.SetString(&m, p, std::move(v));
    }
    case Cpp::CPPTYPE_MESSAGE: break;
  }
  throw nb::type_error("not a scalar field");
}

void merge_fields(pb::Message& m, nb::dict fields);

// `value` into a message: one of these handles (copied) or a dict of its fields.
void fill_message(pb::Message& m, nb::handle value) {
  if (nb::isinstance<nb::dict>(value)) return merge_fields(m, nb::borrow<nb::dict>(value));
  nb::object handle = nb::getattr(value, "_handle", nb::none());
  if (!nb::isinstance<MessageHandle>(handle))
    throw nb::type_error(("Parameter to CopyFrom() must be instance of same class: expected " +
                          tensorflow_name(*m.GetDescriptor()) + " got " + nb::type_name(value.type()).c_str() + ".")
                             .c_str());
  const pb::Message& source = read(nb::cast<const MessageHandle&>(handle));
  if (source.GetDescriptor() != m.GetDescriptor())
    throw nb::type_error(("Parameter to CopyFrom() must be instance of same class: expected " +
                          tensorflow_name(*m.GetDescriptor()) + " got " + tensorflow_name(*source.GetDescriptor()) + ".")
                             .c_str());
  if (&source != &m) m.CopyFrom(source);
}

// The constructor's keyword arguments: scalars, messages (or dicts) and lists for repeated fields.
void merge_fields(pb::Message& m, nb::dict fields) {
  const pb::Reflection& r = *m.GetReflection();
  for (auto [key, value] : fields) {
    const std::string name = nb::cast<std::string>(key);
    const pb::FieldDescriptor* f = m.GetDescriptor()->FindFieldByName(name);
    if (!f) throw nb::value_error(("Protocol message " + m.GetDescriptor()->name() + " has no \"" + name + "\" field.").c_str());
    if (value.is_none()) continue;
    if (f->is_repeated()) {
      for (nb::handle item : value) {
        if (f->cpp_type() == Cpp::CPPTYPE_MESSAGE)
          fill_message(*r.AddMessage(&m, f), item);
        else
          set_scalar(m, *f, item, true);
      }
    } else if (f->cpp_type() == Cpp::CPPTYPE_MESSAGE) {
      fill_message(*r.MutableMessage(&m, f), value);
    } else {
      set_scalar(m, *f, value, false);
    }
  }
}

// What a field reads as: a Python value, a MessageHandle or a RepeatedHandle.
nb::object get_field(const MessageHandle& h, const std::string& name) {
  const pb::Message& m = read(h);
  const pb::FieldDescriptor& f = field_of(*m.GetDescriptor(), name);
  if (f.is_repeated()) return nb::cast(RepeatedHandle{h, &f});
  if (f.cpp_type() == Cpp::CPPTYPE_MESSAGE) return nb::cast(child(h, &f, -1));
  return scalar(m, &f, -1);
}

void set_field(const MessageHandle& h, const std::string& name, nb::handle value) {
  const pb::FieldDescriptor& f = field_of(*read(h).GetDescriptor(), name);
  if (f.is_repeated() || f.cpp_type() == Cpp::CPPTYPE_MESSAGE)
    throw nb::attribute_error(("Assignment not allowed to " + std::string(f.is_repeated() ? "repeated" : "message") +
                               " field \"" + name + "\" in protocol message object.")
                                  .c_str());
  set_scalar(write(h), f, value, false);
}

int repeated_size(const RepeatedHandle& r) { return read(r.owner).GetReflection()->FieldSize(read(r.owner), r.field); }

int checked_index(const RepeatedHandle& r, long long index) {
  const int n = repeated_size(r);
  if (index < 0) index += n;
  if (index < 0 || index >= n) throw nb::index_error("list index out of range");
  return static_cast<int>(index);
}

nb::object element(const RepeatedHandle& r, int index) {
  if (r.field->cpp_type() == Cpp::CPPTYPE_MESSAGE) return nb::cast(child(r.owner, r.field, index));
  return scalar(read(r.owner), r.field, index);
}

std::string text_format(const pb::Message& m) {
  std::string out;
  pb::TextFormat::PrintToString(m, &out);
  return out;
}

// The fields a message has set, as (name, value) in field-number order (protobuf's ListFields).
nb::list set_fields(const MessageHandle& h) {
  const pb::Message& m = read(h);
  std::vector<const pb::FieldDescriptor*> fields;
  m.GetReflection()->ListFields(m, &fields);
  nb::list out;
  for (const pb::FieldDescriptor* f : fields) out.append(nb::make_tuple(f->name(), get_field(h, f->name())));
  return out;
}

// The Python classes' description of a message type: its fields, nested types and enum values.
nb::dict describe(const pb::Descriptor& type) {
  nb::list fields, nested;
  nb::dict enums;
  for (int i = 0; i < type.field_count(); ++i) fields.append(type.field(i)->name());
  for (int i = 0; i < type.nested_type_count(); ++i) nested.append(type.nested_type(i)->name());
  for (int i = 0; i < type.enum_type_count(); ++i) {
    const pb::EnumDescriptor& e = *type.enum_type(i);
    nb::dict values;
    for (int j = 0; j < e.value_count(); ++j) values[e.value(j)->name().c_str()] = e.value(j)->number();
    enums[e.name().c_str()] = values;
  }
  nb::dict d;
  d["fields"] = fields;
  d["nested"] = nested;
  d["enums"] = enums;
  d["name"] = type.name();
  d["full_name"] = type.full_name().substr(kPackage.size());
  return d;
}

}  // namespace

void bind_proto_messages(nb::module_& m) {
  nb::module_ p = m.def_submodule("proto", "TensorFlow's protocol-buffer messages, through protobuf's reflection.");
  nb::class_<MessageHandle>(p, "MessageHandle");
  nb::class_<RepeatedHandle>(p, "RepeatedHandle");

  p.def("describe", [](const std::string& name) { return describe(message_type(name)); }, "name"_a,
        "Fields, nested type names and enum values of the message type `name` (\"Summary.Value\").");
  p.def("new", [](const std::string& name, nb::dict fields) {
    MessageHandle h = new_message(message_type(name));
    merge_fields(*h.root, fields);
    return h;
  }, "name"_a, "fields"_a);
  p.def("type_name", [](const MessageHandle& h) {
    return read(h).GetDescriptor()->full_name().substr(kPackage.size());
  });
  p.def("get", &get_field);
  p.def("set", &set_field);
  p.def("has_field", [](const MessageHandle& h, const std::string& name) {
    const pb::Message& m = read(h);
    const pb::FieldDescriptor& f = field_of(*m.GetDescriptor(), name);
    if (f.is_repeated() || !f.has_presence())
      throw nb::value_error(("Field " + tensorflow_name(*m.GetDescriptor()) + "." + name +
                             " does not have presence.").c_str());
    return m.GetReflection()->HasField(m, &f);
  });
  p.def("clear_field", [](const MessageHandle& h, const std::string& name) {
    pb::Message& m = write(h);
    m.GetReflection()->ClearField(&m, &field_of(*m.GetDescriptor(), name));
  });
  p.def("which_oneof", [](const MessageHandle& h, const std::string& name) -> nb::object {
    const pb::Message& m = read(h);
    const pb::OneofDescriptor* oneof = m.GetDescriptor()->FindOneofByName(name);
    if (!oneof) throw nb::value_error(("Protocol message has no oneof \"" + name + "\" field.").c_str());
    const pb::FieldDescriptor* f = m.GetReflection()->GetOneofFieldDescriptor(m, oneof);
    if (!f) return nb::none();
    return nb::str(f->name().c_str());
  });
  p.def("list_fields", &set_fields);
  p.def("clear", [](const MessageHandle& h) { write(h).Clear(); });
  p.def("copy_from", [](const MessageHandle& h, nb::handle other) { fill_message(write(h), other); });
  p.def("merge_from", [](const MessageHandle& h, const MessageHandle& other) {
    const pb::Message& source = read(other);
    pb::Message& target = write(h);
    if (source.GetDescriptor() != target.GetDescriptor())
      throw nb::type_error(("Parameter to MergeFrom() must be instance of same class: expected " +
                            tensorflow_name(*target.GetDescriptor()) + " got " + tensorflow_name(*source.GetDescriptor()) +
                            ".").c_str());
    if (&source != &target) target.MergeFrom(source);
  });
  p.def("serialize", [](const MessageHandle& h) {
    const std::string s = read(h).SerializeAsString();
    return nb::bytes(s.data(), s.size());
  });
  p.def("parse", [](const MessageHandle& h, nb::handle data, bool merge) {
    const std::string bytes = bytes_of(data);
    pb::Message& m = write(h);
    std::unique_ptr<pb::Message> parsed(m.New());
    // Parsed aside first: bytes that do not parse leave the message as it was.
    if (!parsed->ParseFromString(bytes)) {
      nb::object decode_error = nb::module_::import_("tfpp.protos").attr("DecodeError");
      PyErr_SetString(decode_error.ptr(), ("Error parsing message with type '" + tensorflow_name(*m.GetDescriptor()) +
                                           "': Wire format was corrupt").c_str());
      throw nb::python_error();
    }
    if (!merge) m.Clear();
    m.MergeFrom(*parsed);
    return bytes.size();
  });
  p.def("byte_size", [](const MessageHandle& h) { return read(h).ByteSizeLong(); });
  p.def("text", [](const MessageHandle& h) { return text_format(read(h)); });
  p.def("equal", [](const MessageHandle& a, const MessageHandle& b) {
    const pb::Message& x = read(a);
    const pb::Message& y = read(b);
    return x.GetDescriptor() == y.GetDescriptor() && pb::util::MessageDifferencer::Equals(x, y);
  });

  p.def("is_map", [](const RepeatedHandle& r) { return r.field->is_map(); });
  p.def("map_of_messages", [](const RepeatedHandle& r) {
    return r.field->message_type()->map_value()->cpp_type() == Cpp::CPPTYPE_MESSAGE;
  });
  p.def("size", &repeated_size);
  p.def("item", [](const RepeatedHandle& r, long long index) { return element(r, checked_index(r, index)); });
  p.def("add", [](const RepeatedHandle& r, nb::dict fields) {
    if (r.field->cpp_type() != Cpp::CPPTYPE_MESSAGE)
      throw nb::attribute_error("'RepeatedScalarContainer' object has no attribute 'add'");
    pb::Message& m = write(r.owner);
    merge_fields(*m.GetReflection()->AddMessage(&m, r.field), fields);
    return child(r.owner, r.field, repeated_size(r) - 1);
  });
  p.def("append", [](const RepeatedHandle& r, nb::handle value) {
    pb::Message& m = write(r.owner);
    if (r.field->cpp_type() == Cpp::CPPTYPE_MESSAGE)
      fill_message(*m.GetReflection()->AddMessage(&m, r.field), value);
    else
      set_scalar(m, *r.field, value, true);
  });
  p.def("delete", [](const RepeatedHandle& r, long long index) {
    const int i = checked_index(r, index);
    pb::Message& m = write(r.owner);
    const pb::Reflection& rf = *m.GetReflection();
    for (int k = i; k + 1 < rf.FieldSize(m, r.field); ++k) rf.SwapElements(&m, r.field, k, k + 1);
    rf.RemoveLast(&m, r.field);
  });
}

}  // namespace tfpp_python
