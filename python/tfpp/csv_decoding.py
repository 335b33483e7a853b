"""tf.io.decode_csv: one tensor per CSV column, over tfpp's DecodeCSV op."""

from . import _tfpp


def decode_csv(records, record_defaults, field_delim=",", use_quote_delim=True, na_value="", select_cols=None,
               name=None):
    """The columns of CSV `records`: column i has record_defaults[i]'s dtype, and that default where
    a field is empty or na_value (an empty default makes the column required)."""
    if select_cols is not None:
        select_cols = list(select_cols)
        if any(b <= a for a, b in zip(select_cols, select_cols[1:])):
            raise ValueError("select_cols is not strictly increasing.")
        if select_cols and select_cols[0] < 0:
            raise ValueError("select_cols contains negative values.")
        if len(select_cols) != len(record_defaults):
            raise ValueError("Length of select_cols and record_defaults do not match.")
    return _tfpp._io.decode_csv(records, record_defaults, field_delim, use_quote_delim, na_value, select_cols or [],
                                name)
