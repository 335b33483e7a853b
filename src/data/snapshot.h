// Dataset.save and Dataset.load in TensorFlow's snapshot format (version 2), so that either side
// reads what the other saved. Note [Snapshot layout]: a directory holding
//   dataset_spec.pb     the element_spec, a StructuredValue proto (TensorFlow's nested_structure_coder)
//   snapshot.metadata   a SnapshotMetadataRecord: run id, version 2, the flat dtypes, the count
//   RUN_ID/NNNNNNNN.shard/NNNNNNNN.snapshot
//                       chunk files of TFRecords (GZIP-compressed whole when asked), one serialized
//                       TensorProto per component, the components of an element consecutive.
// An element goes to the shard its shard_func names (shard 0 without one); load reads each
// shard in order and interleaves the shards (reader_func).
#pragma once

#include <string>
#include <vector>

#include "tfpp/data/dataset.h"
#include "tfpp/structured_value.h"

namespace tf::data::detail {

/// Writes `dataset` to `path`; `element_spec` (nullptr: derived from the elements, see
/// Dataset::save) is written to dataset_spec.pb and must hold the elements' dtypes.
void save_dataset(const Dataset& dataset, const std::string& path, const SaveOptions& options,
                  const StructuredValue* element_spec);

/// The element_spec a saved dataset's dataset_spec.pb holds; NotFoundError (TensorFlow's message)
/// when it is missing or does not decode.
StructuredValue load_element_spec(const std::string& path);

/// The shards of the dataset saved at `path` (with `compression`), each read in order, their
/// elements of the flat specs of `element_spec`.
std::vector<Dataset> load_shards(const std::string& path, const StructuredValue& element_spec,
                                 const std::string& compression);

/// The dataset whose elements are the variant scalars of `datasets` (reader_func's argument in Python).
Dataset dataset_of_datasets(const std::vector<Dataset>& datasets);

}  // namespace tf::data::detail
