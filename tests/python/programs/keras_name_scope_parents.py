"""keras.name_scope's parents as Keras 3 sets them: override_parent replaces the path of the scopes
around it (for the variables and layers made inside, and the scopes nested in it), an owner's
_parent_path does the same when it is the scope's caller, reentering the innermost scope with the
same caller opens nothing (unless deduplicate=False), tf.keras.name_scope is keras.name_scope, and
op names in a traced function follow the scopes but not their override_parent."""
from harness import show_error_message, tf

keras = tf.keras


def path(name):
    return keras.Variable(1.0, name=name).path


print(tf.keras.name_scope is keras.name_scope)
with keras.name_scope("a"):
    with keras.name_scope("b", override_parent="x/y"):
        print(path("v"))
        with keras.name_scope("c"):
            print(path("w"))
            dense = keras.layers.Dense(1)
            dense.build((None, 2))
            print([w.path for w in dense.weights])
    print(path("u"))
    with keras.name_scope("b", override_parent=""):
        print(path("v"))
    with keras.name_scope("b", override_parent="/p//q/"):
        print(path("v"))
print(path("outside"))


class Owner:
    pass


owner = Owner()
with keras.name_scope("s", caller=owner):
    with keras.name_scope("s", caller=owner):
        print(path("v"))
    with keras.name_scope("s", caller=owner, deduplicate=False):
        print(path("v"))
    with keras.name_scope("s"):
        print(path("v"))
owner._parent_path = "root/sub"
with keras.name_scope("a"):
    with keras.name_scope("s", caller=owner):
        print(path("v"))
    with keras.name_scope("s", caller=owner, deduplicate=False):
        print(path("v"))
scope = keras.name_scope("n", caller=owner)
print(scope.name, scope.caller is owner, scope.deduplicate, scope.override_parent)


@tf.function
def traced(x):
    with keras.name_scope("blk"):
        with keras.name_scope("in", override_parent="zz"):
            return tf.add(x, 1.0, name="plus")


graph = traced.get_concrete_function(tf.TensorSpec([])).graph.as_graph_def()
print([node.name for node in graph.node if node.op == "AddV2"])
show_error_message("name with /", lambda: keras.name_scope("a/b"))
show_error_message("name not a string", lambda: keras.name_scope(3))
