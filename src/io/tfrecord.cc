// The TFRecord format: writer and reader.
#include <algorithm>
#include <cstring>

#include "io/crc32c.h"
#include "io/record_framing.h"
#include "io/tfrecord_reader.h"
#include "tfpp/errors.h"
#include "tfpp/io/tfrecord.h"

namespace tf::io {
namespace {

std::uint32_t get_u32(const char* p) {
  std::uint32_t v;
  std::memcpy(&v, p, 4);
  return v;
}

}  // namespace

TFRecordWriter::TFRecordWriter(const std::string& path, TFRecordOptions options)
    : out_(std::make_unique<OutputStream>(path, options.compression_type, "[TFRecordWriter]")) {}

TFRecordWriter::~TFRecordWriter() = default;

void TFRecordWriter::write(const std::string& record) {
  framed_.clear();
  append_framed_record(framed_, record);
  out_->write(framed_.data(), framed_.size());
}

void TFRecordWriter::flush() { out_->flush(); }

void TFRecordWriter::close() { out_->close(); }

TFRecordReader::TFRecordReader(const std::string& path, const std::string& compression, const std::string& what)
    : in_(InputStream::open(path, compression, what)), what_(what) {}

void TFRecordReader::fail(std::uint64_t offset, const std::string& problem) const {
  throw DataLossError(what_ + " '" + in_->path() + "': " + problem + " in the record at offset " + std::to_string(offset));
}

bool TFRecordReader::read(std::string& record) {
  const std::uint64_t start = in_->offset();
  char header[12];
  const std::size_t got = in_->read(header, sizeof header);
  if (got == 0) return false;
  if (got < sizeof header) fail(start, "truncated header (" + std::to_string(got) + " of 12 bytes)");
  if (!checksum_matches(unmask_crc(get_u32(header + 8)), crc32c(header, 8))) fail(start, "corrupted length (checksum mismatch)");
  std::uint64_t length;
  std::memcpy(&length, header, 8);
  // A length past the end of the file would make resize allocate absurd amounts: read in
  // steps that double from 64 KiB, so a truncated file fails having allocated at most twice
  // what it holds.
  record.clear();
  std::uint64_t have = 0;
  while (have < length) {
    const std::uint64_t step = std::min<std::uint64_t>(length - have, std::max<std::uint64_t>(have, std::uint64_t{1} << 16));
    record.resize(have + step);
    const std::size_t n = in_->read(record.data() + have, step);
    have += n;
    if (n < step) fail(start, "truncated data (" + std::to_string(have) + " of " + std::to_string(length) + " bytes)");
  }
  char footer[4];
  if (in_->read(footer, 4) < 4) fail(start, "truncated data checksum");
  if (!checksum_matches(unmask_crc(get_u32(footer)), crc32c(record.data(), record.size()))) fail(start, "corrupted data (checksum mismatch)");
  return true;
}

}  // namespace tf::io
