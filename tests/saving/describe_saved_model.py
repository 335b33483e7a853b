"""A SavedModel's object graph and signatures as text that does not depend on node ids or
function names, so that what tfpp writes can be compared with what TensorFlow writes: each object
by path with what it holds, each concrete function by its bound inputs' paths and its input and
output structures, each SignatureDef by its inputs and outputs.

    python describe_saved_model.py DIR
"""
import sys

from google.protobuf import text_format
from tensorflow.core.protobuf import saved_model_pb2


def _text(message):
  return text_format.MessageToString(message, as_one_line=True)


def describe(export_dir):
  model = saved_model_pb2.SavedModel()
  with open(export_dir + '/saved_model.pb', 'rb') as f:
    model.ParseFromString(f.read())
  meta = model.meta_graphs[0]
  graph = meta.object_graph_def
  paths, queue = {0: ''}, [0]
  while queue:
    i = queue.pop(0)
    for child in graph.nodes[i].children:
      if child.node_id not in paths:
        paths[child.node_id] = (paths[i] + '/' if paths[i] else '') + child.local_name
        queue.append(child.node_id)

  def concrete(name):
    fn = graph.concrete_functions[name]
    return ('bound [' + ' '.join(paths[b] for b in fn.bound_inputs) + '] ' +
            _text(fn.canonicalized_input_signature) + ' -> ' + _text(fn.output_signature))

  lines = []
  for i, path in sorted(paths.items(), key=lambda item: item[1]):
    node = graph.nodes[i]
    kind = node.WhichOneof('kind')
    line = [path or '.', kind, 'children [' + ' '.join(sorted(c.local_name for c in node.children)) + ']']
    if node.dependencies:
      line.append('dependencies [' + ' '.join(
          sorted(c.local_name + '=' + paths[c.node_id] for c in node.dependencies)) + ']')
    if kind == 'user_object':
      line.append(node.user_object.identifier)
    elif kind == 'variable':
      line.append(_text(node.variable))
    elif kind == 'function':
      line.append(_text(node.function.function_spec))
      line += [concrete(name) for name in node.function.concrete_functions]
    elif kind == 'bare_concrete_function':
      bare = node.bare_concrete_function
      line += [concrete(bare.concrete_function_name), 'keywords [' + ' '.join(bare.argument_keywords) + ']',
               'positional ' + str(bare.allowed_positional_arguments), _text(bare.function_spec)]
    lines.append('\n    '.join(line))
  for key in sorted(meta.signature_def):
    signature = meta.signature_def[key]
    lines.append('signature ' + key + ' ' + signature.method_name)
    for role, tensors in (('input', signature.inputs), ('output', signature.outputs)):
      for name in sorted(tensors):
        lines.append('    ' + role + ' ' + name + ' ' + _text(tensors[name]))
  return '\n'.join(lines)


if __name__ == '__main__':
  print(describe(sys.argv[1]))
