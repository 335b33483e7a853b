"""tf.errors: the exception classes TensorFlow raises, with TensorFlow's hierarchy.

tfpp's C++ errors arrive as these classes (InvalidArgumentError for tf::InvalidArgumentError, ...).
"""

OK = 0
CANCELLED = 1
UNKNOWN = 2
INVALID_ARGUMENT = 3
DEADLINE_EXCEEDED = 4
NOT_FOUND = 5
ALREADY_EXISTS = 6
PERMISSION_DENIED = 7
RESOURCE_EXHAUSTED = 8
FAILED_PRECONDITION = 9
ABORTED = 10
OUT_OF_RANGE = 11
UNIMPLEMENTED = 12
INTERNAL = 13
UNAVAILABLE = 14
DATA_LOSS = 15
UNAUTHENTICATED = 16


class OpError(Exception):
    """The base of the errors raised by running ops (tf.errors.OpError)."""

    def __init__(self, node_def, op, message, error_code=UNKNOWN):
        super().__init__(message)
        self._node_def = node_def
        self._op = op
        self._message = message
        self._error_code = error_code

    @property
    def message(self):
        """The error message."""
        return self._message

    @property
    def op(self):
        """The op that failed, or None for eager ops."""
        return self._op

    @property
    def node_def(self):
        """The failed node's definition, or None."""
        return self._node_def

    @property
    def error_code(self):
        """The canonical error code (tf.errors.INVALID_ARGUMENT, ...)."""
        return self._error_code

    def __str__(self):
        return self._message


def _error_class(name, code, doc):
    def __init__(self, node_def, op, message, *args):
        OpError.__init__(self, node_def, op, message, code)

    return type(name, (OpError,), {"__init__": __init__, "__doc__": doc, "__module__": __name__})


CancelledError = _error_class("CancelledError", CANCELLED, "An operation was cancelled.")
UnknownError = _error_class("UnknownError", UNKNOWN, "An error of no other class.")
InvalidArgumentError = _error_class("InvalidArgumentError", INVALID_ARGUMENT, "An op received an invalid argument.")
DeadlineExceededError = _error_class("DeadlineExceededError", DEADLINE_EXCEEDED, "A deadline expired.")
NotFoundError = _error_class("NotFoundError", NOT_FOUND, "A requested entity was not found.")
AlreadyExistsError = _error_class("AlreadyExistsError", ALREADY_EXISTS, "An entity already exists.")
PermissionDeniedError = _error_class("PermissionDeniedError", PERMISSION_DENIED, "Permission denied.")
ResourceExhaustedError = _error_class("ResourceExhaustedError", RESOURCE_EXHAUSTED, "A resource ran out.")
FailedPreconditionError = _error_class("FailedPreconditionError", FAILED_PRECONDITION,
                                       "The system is not in a state the operation needs.")
AbortedError = _error_class("AbortedError", ABORTED, "An operation was aborted.")
OutOfRangeError = _error_class("OutOfRangeError", OUT_OF_RANGE, "An operation went past the valid range.")
UnimplementedError = _error_class("UnimplementedError", UNIMPLEMENTED, "An operation is not implemented.")
InternalError = _error_class("InternalError", INTERNAL, "An invariant of the system was broken.")
UnavailableError = _error_class("UnavailableError", UNAVAILABLE, "The runtime is unavailable.")
DataLossError = _error_class("DataLossError", DATA_LOSS, "Data was lost or corrupted.")
UnauthenticatedError = _error_class("UnauthenticatedError", UNAUTHENTICATED, "The request lacks credentials.")


class OperatorNotAllowedInGraphError(TypeError):
    """A Python operation on a symbolic tensor that a graph cannot run: bool() or iteration in a
    function AutoGraph did not convert (tf.errors.OperatorNotAllowedInGraphError)."""
