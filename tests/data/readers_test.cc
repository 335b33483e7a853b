#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>

#include <tfpp/data/fixed_length_record_dataset.h>
#include <tfpp/tfpp.h>

namespace {

namespace fs = std::filesystem;
using tf::data::Dataset;
using tf::data::Element;

struct TempDir {
  fs::path path = fs::temp_directory_path() / ("tfpp_readers_test_" + std::to_string(::getpid()));
  TempDir() { fs::create_directories(path); }
  ~TempDir() { fs::remove_all(path); }
  std::string write(const std::string& name, const std::string& text) const {
    std::ofstream(path / name, std::ios::binary) << text;
    return (path / name).string();
  }
};

std::vector<std::string> strings(const Dataset& ds) {
  std::vector<std::string> v;
  for (const Element& e : ds) v.push_back(e[0].item<std::string>());
  return v;
}

std::string error_of(const Dataset& ds) {
  try {
    for (const Element& e : ds) (void)e;
  } catch (const tf::Error& e) {
    return e.what();
  }
  return "no error";
}

TEST(TextLineDataset, ReadsLinesOfSeveralFiles) {
  TempDir dir;
  const std::string a = dir.write("a.txt", "one\ntwo\r\n\nthree");
  const std::string b = dir.write("b.txt", "four\n");
  EXPECT_EQ(strings(tf::data::TextLineDataset(std::vector<std::string>{a, b})),
            (std::vector<std::string>{"one", "two", "", "three", "four"}));
  EXPECT_EQ(strings(tf::data::TextLineDataset(dir.write("e.txt", ""))), std::vector<std::string>{});
  EXPECT_THROW(strings(tf::data::TextLineDataset((dir.path / "none").string())), tf::NotFoundError);
  // GZIP through the TFRecord writer's compressor is not a text file; a real gzip text file is.
  const std::string gz = (dir.path / "c.txt.gz").string();
  ASSERT_EQ(std::system(("printf 'x\\ny\\n' | gzip > " + gz).c_str()), 0);
  EXPECT_EQ(strings(tf::data::TextLineDataset(gz, "GZIP")), (std::vector<std::string>{"x", "y"}));
}

TEST(FixedLengthRecordDataset, RecordsBetweenHeaderAndFooterOfEachFile) {
  TempDir dir;
  const std::string a = dir.write("a.bin", "HHabcdefF");
  const std::string b = dir.write("b.bin", "HHxyzF");
  const tf::data::FixedLengthRecordOptions framing{.header_bytes = 2, .footer_bytes = 1};
  EXPECT_EQ(strings(tf::data::FixedLengthRecordDataset(std::vector<std::string>{a, b}, 3, framing)),
            (std::vector<std::string>{"abc", "def", "xyz"}));
  EXPECT_EQ(strings(tf::data::FixedLengthRecordDataset(a, 9)), std::vector<std::string>{"HHabcdefF"});
  EXPECT_EQ(strings(tf::data::FixedLengthRecordDataset(dir.write("e.bin", ""), 4)), std::vector<std::string>{});
  const std::string gz = (dir.path / "c.bin.gz").string();
  ASSERT_EQ(std::system(("printf 'HHabcdefF' | gzip > " + gz).c_str()), 0);
  EXPECT_EQ(strings(tf::data::FixedLengthRecordDataset(gz, 3, {.header_bytes = 2, .footer_bytes = 1,
                                                              .compression_type = "GZIP"})),
            (std::vector<std::string>{"abc", "def"}));
}

TEST(FixedLengthRecordDataset, UnevenBodiesAndBadArgumentsAreErrors) {
  TempDir dir;
  const std::string a = dir.write("a.bin", "HHabcdefgF");
  const tf::data::FixedLengthRecordOptions framing{.header_bytes = 2, .footer_bytes = 1};
  // An uncompressed file is measured before its first record.
  EXPECT_NE(error_of(tf::data::FixedLengthRecordDataset(a, 3, framing))
                .find("input file \"" + a + "\" has body length 7 bytes, which is not an exact multiple of the "
                      "record length (3 bytes)"),
            std::string::npos);
  EXPECT_THROW(strings(tf::data::FixedLengthRecordDataset(dir.write("short.bin", "H"), 3, framing)),
               tf::InvalidArgumentError);
  // A compressed one yields its whole records first, then fails at its end.
  const std::string gz = (dir.path / "a.bin.gz").string();
  ASSERT_EQ(std::system(("printf 'HHabcdefgF' | gzip > " + gz).c_str()), 0);
  tf::data::FixedLengthRecordDataset compressed(gz, 3, {.header_bytes = 2, .footer_bytes = 1,
                                                        .compression_type = "GZIP"});
  std::vector<std::string> before_error;
  try {
    for (const Element& e : compressed) before_error.push_back(e[0].item<std::string>());
    FAIL() << "no error";
  } catch (const tf::DataLossError& e) {
    EXPECT_NE(std::string(e.what()).find("has body length 7 bytes"), std::string::npos) << e.what();
  }
  EXPECT_EQ(before_error, (std::vector<std::string>{"abc", "def"}));
  EXPECT_THROW(tf::data::FixedLengthRecordDataset(a, 0), tf::InvalidArgumentError);
  EXPECT_THROW(tf::data::FixedLengthRecordDataset(a, 3, {.header_bytes = -1}), tf::InvalidArgumentError);
  EXPECT_THROW(tf::data::FixedLengthRecordDataset(a, 3, {.compression_type = "BAD"}), tf::InvalidArgumentError);
  EXPECT_THROW(strings(tf::data::FixedLengthRecordDataset((dir.path / "none").string(), 3)), tf::NotFoundError);
}

TEST(ListFiles, SortedOrShuffledWithSeed) {
  TempDir dir;
  for (int i = 0; i < 8; ++i) dir.write("f" + std::to_string(i) + ".csv", "");
  dir.write("other.txt", "");
  const std::string pattern = (dir.path / "*.csv").string();
  std::vector<std::string> sorted = strings(Dataset::list_files(pattern, /*shuffle=*/false));
  ASSERT_EQ(sorted.size(), 8u);
  EXPECT_TRUE(std::is_sorted(sorted.begin(), sorted.end()));
  EXPECT_EQ(sorted[0], (dir.path / "f0.csv").string());
  std::vector<std::string> s1 = strings(Dataset::list_files(pattern, true, 5));
  EXPECT_EQ(s1, strings(Dataset::list_files(pattern, true, 5)));
  EXPECT_NE(s1, sorted);
  std::sort(s1.begin(), s1.end());
  EXPECT_EQ(s1, sorted);
  try {
    Dataset::list_files((dir.path / "*.none").string());
    FAIL();
  } catch (const tf::InvalidArgumentError& e) {
    EXPECT_NE(std::string(e.what()).find("[Dataset.list_files] No files matched pattern: " + (dir.path / "*.none").string()),
              std::string::npos);
  }
}

TEST(CsvDataset, TypedColumnsDefaultsAndQuotes) {
  TempDir dir;
  const std::string path = dir.write("d.csv",
                                     "id,score,name,weight\n"
                                     "1,2.5,\"Smith, J\",10\n"
                                     "2,,plain,\n"
                                     "3,NA,\"say \"\"hi\"\"\",7\n");
  tf::data::experimental::CsvDataset ds(path,
                                        {tf::zeros({0}, tf::int32), tf::constant(-1.0f), tf::constant("?"),
                                         tf::constant(std::int64_t{99})},
                                        {.header = true, .na_value = "NA"});
  std::vector<Element> rows;
  for (const Element& e : ds) rows.push_back(e);
  ASSERT_EQ(rows.size(), 3u);
  EXPECT_EQ(rows[0][0].item<std::int32_t>(), 1);
  EXPECT_EQ(rows[0][1].item<float>(), 2.5f);
  EXPECT_EQ(rows[0][2].item<std::string>(), "Smith, J");
  EXPECT_EQ(rows[0][3].item<std::int64_t>(), 10);
  EXPECT_EQ(rows[1][1].item<float>(), -1.0f);  // missing: the default
  EXPECT_EQ(rows[1][3].item<std::int64_t>(), 99);
  EXPECT_EQ(rows[2][1].item<float>(), -1.0f);  // na_value counts as missing
  EXPECT_EQ(rows[2][2].item<std::string>(), "say \"hi\"");
  EXPECT_EQ(rows[2][0].shape(), tf::TensorShape{});

  // select_cols keeps some columns; their defaults come in the same order.
  tf::data::experimental::CsvDataset sel(path, {tf::zeros({0}, tf::int32), tf::constant(0)},
                                         {.header = true, .select_cols = {0, 3}});
  std::vector<std::int32_t> w;
  for (const Element& e : sel) w.push_back(e[1].item<std::int32_t>());
  EXPECT_EQ(w, (std::vector<std::int32_t>{10, 0, 7}));
}

TEST(CsvDataset, ErrorsNameFileAndLine) {
  TempDir dir;
  const std::string path = dir.write("bad.csv", "a,b\n1,2\n,3\n4\nx,5\n");
  auto ds = [&](std::vector<tf::Tensor> defaults) {
    return tf::data::experimental::CsvDataset(path, std::move(defaults), {.header = true});
  };
  EXPECT_EQ(error_of(ds({tf::zeros({0}, tf::int32), tf::constant(0)})),
            "[CsvDataset] '" + path + "' line 3: field 0 is missing and the column has no default");
  EXPECT_EQ(error_of(ds({tf::constant(0), tf::constant(0)})),
            "[CsvDataset] '" + path + "' line 4: expected 2 fields but found 1");
  const std::string path2 = dir.write("bad2.csv", "1,x\n");
  EXPECT_EQ(error_of(tf::data::experimental::CsvDataset(path2, {tf::constant(0), tf::constant(0.0)})),
            "[CsvDataset] '" + path2 + "' line 1: field 1 'x' is not a valid float64");
  const std::string path3 = dir.write("bad3.csv", "1,\"open\n");
  EXPECT_NE(error_of(tf::data::experimental::CsvDataset(path3, {tf::constant(0), tf::constant("")})).find("unterminated"),
            std::string::npos);
  EXPECT_THROW(tf::data::experimental::CsvDataset(path, {tf::constant(true)}), tf::InvalidArgumentError);
  EXPECT_THROW(tf::data::experimental::CsvDataset(path, {}), tf::InvalidArgumentError);
}

TEST(CsvDataset, QuotedFieldSpanningLines) {
  TempDir dir;
  const std::string path = dir.write("m.csv", "\"two\nlines\",1\nnext,2\n");
  std::vector<std::string> v;
  for (const Element& e : tf::data::experimental::CsvDataset(path, {tf::constant(""), tf::constant(0)}))
    v.push_back(e[0].item<std::string>());
  EXPECT_EQ(v, (std::vector<std::string>{"two\nlines", "next"}));
}

TEST(MakeCsvDataset, InfersTypesNamesColumnsAndBatches) {
  TempDir dir;
  dir.write("p1.csv", "age,height,city,label\n30,1.8,Oslo,1\n,1.6,Rome,0\n41,,Lima,1\n");
  dir.write("p2.csv", "age,height,city,label\n25,1.7,Kyiv,0\n");
  auto ds = tf::data::experimental::make_csv_dataset((dir.path / "p*.csv").string(), 2,
                                                     {.label_name = "label", .num_epochs = 1, .shuffle = false});
  EXPECT_EQ(ds.element_names(), (std::vector<std::string>{"age", "height", "city", "label"}));
  std::vector<Element> batches;
  for (const Element& b : ds) batches.push_back(b);
  ASSERT_EQ(batches.size(), 2u);
  auto m = ds.as_map(batches[0]);
  EXPECT_EQ(m.at("age").dtype(), tf::int32);
  EXPECT_EQ(m.at("age").numpy<std::int32_t>(), (std::vector<std::int32_t>{30, 0}));  // missing -> 0
  EXPECT_EQ(m.at("height").dtype(), tf::float32);
  EXPECT_EQ(m.at("city").numpy<std::string>(), (std::vector<std::string>{"Oslo", "Rome"}));
  EXPECT_EQ(m.at("label").numpy<std::int32_t>(), (std::vector<std::int32_t>{1, 0}));
  EXPECT_EQ(batches[1][0].numpy<std::int32_t>(), (std::vector<std::int32_t>{41, 25}));
  EXPECT_EQ(batches[1][1].numpy<float>(), (std::vector<float>{0.0f, 1.7f}));

  // Selected columns, a label not in the last column, shuffling with a seed, endless epochs.
  auto sel = tf::data::experimental::make_csv_dataset(
      (dir.path / "p*.csv").string(), 4, {.label_name = "age", .select_columns = {"city"}, .shuffle_seed = 3});
  EXPECT_EQ(sel.element_names(), (std::vector<std::string>{"city", "age"}));
  int n = 0;
  for (const Element& b : sel) {
    EXPECT_EQ(b.size(), 2u);
    if (++n == 5) break;  // num_epochs -1 repeats forever
  }
  EXPECT_THROW(tf::data::experimental::make_csv_dataset((dir.path / "p*.csv").string(), 2, {.label_name = "nope"}),
               tf::InvalidArgumentError);
}

}  // namespace
