// DecodeCSV: defaults and required columns, quoting, delimiters, na_value, select_cols, the
// records' shape, TensorFlow's errors, and graph mode.
#include <gtest/gtest.h>

#include <tfpp/decode_csv.h>
#include <tfpp/tfpp.h>

#include "ops/nn/nn_test_util.h"

namespace {

using tf::Tensor;
using tf::testing::error_of;
using Strings = std::vector<std::string>;

Tensor required_int() { return tf::constant(std::vector<std::int32_t>{}, {0}); }

TEST(DecodeCsv, ColumnsWithDefaultsAndQuotes) {
  const auto cols = tf::io::decode_csv(tf::constant({"1,2.5,a", "3,,\"b,c\"", "-4, 5e1 ,\"q\"\"q\""}),
                                       {tf::constant(0), tf::constant(1.0f), tf::constant("x")});
  ASSERT_EQ(cols.size(), 3u);
  EXPECT_EQ(cols[0].numpy<std::int32_t>(), (std::vector<std::int32_t>{1, 3, -4}));
  EXPECT_EQ(cols[1].numpy<float>(), (std::vector<float>{2.5f, 1.0f, 50.0f}));
  EXPECT_EQ(cols[2].numpy<std::string>(), (Strings{"a", "b,c", "q\"q"}));
  // Records of any shape; a one-element vector default; a trailing delimiter is an empty field.
  const auto grid = tf::io::decode_csv(tf::constant(std::vector<std::string>{"1;", ";7"}, {2, 1}),
                                       {tf::constant(std::vector<std::int64_t>{9}), tf::constant(std::vector<double>{0.5})},
                                       {.field_delim = ";"});
  EXPECT_EQ(grid[0].shape(), tf::TensorShape({2, 1}));
  EXPECT_EQ(grid[0].numpy<std::int64_t>(), (std::vector<std::int64_t>{1, 9}));
  EXPECT_EQ(grid[1].numpy<double>(), (std::vector<double>{0.5, 7.0}));
}

TEST(DecodeCsv, NaValueSelectColsAndUnquoted) {
  EXPECT_EQ(tf::io::decode_csv(tf::constant({"NA,2"}), {tf::constant(5), tf::constant(0)}, {.na_value = "NA"})[0]
                .numpy<std::int32_t>(),
            (std::vector<std::int32_t>{5}));
  const auto picked = tf::io::decode_csv(tf::constant({"1,2,3,4"}), {tf::constant(0), tf::constant(0)},
                                         {.select_cols = {1, 3}});
  EXPECT_EQ(picked[0].item<std::int32_t>(), 2);
  EXPECT_EQ(picked[1].item<std::int32_t>(), 4);
  EXPECT_EQ(tf::io::decode_csv(tf::constant({"\"a\"\"b\",c"}), {tf::constant(""), tf::constant("")},
                               {.use_quote_delim = false})[0]
                .item<std::string>(),
            "\"a\"\"b\"");
}

TEST(DecodeCsv, Errors) {
  const auto decode = [](const char* record, std::vector<Tensor> defaults) {
    return [record, defaults] { tf::io::decode_csv(tf::constant({record}), defaults); };
  };
  EXPECT_EQ(error_of(decode(",2", {required_int(), tf::constant(0)})),
            "[DecodeCSV] Field 0 is required but missing in record 0!");
  EXPECT_EQ(error_of(decode("1,2,3", {tf::constant(0), tf::constant(0)})), "[DecodeCSV] Expect 2 fields but have 3 in record 0");
  EXPECT_EQ(error_of(decode("x,2", {tf::constant(0), tf::constant(0)})),
            "[DecodeCSV] Field 0 in record 0 is not a valid int32: x");
  EXPECT_EQ(error_of(decode("3000000000", {tf::constant(0)})),
            "[DecodeCSV] Field 0 in record 0 is not a valid int32: 3000000000");
  EXPECT_EQ(error_of(decode("1.5x", {tf::constant(0.0)})), "[DecodeCSV] Field 0 in record 0 is not a valid double: 1.5x");
  EXPECT_EQ(error_of(decode("\"ab,c", {tf::constant(""), tf::constant("")})),
            "[DecodeCSV] Quoted field has to end with quote followed by delim or end");
  EXPECT_EQ(error_of(decode("a\"b,c", {tf::constant(""), tf::constant("")})),
            "[DecodeCSV] Unquoted fields cannot have quotes/CRLFs inside");
  EXPECT_EQ(error_of(decode("1", {tf::constant(true)})),
            "[DecodeCSV] Value for attr 'OUT_TYPE' of bool is not in the list of allowed values: float, double, int32, "
            "int64, string");
  EXPECT_EQ(error_of([] { tf::io::decode_csv(tf::constant({"1,2"}), {tf::constant(0), tf::constant(0)}, {.select_cols = {1, 0}}); }),
            "[DecodeCSV] select_cols is not strictly increasing.");
  EXPECT_EQ(error_of([] { tf::io::decode_csv(tf::constant({"1"}), {tf::constant(0)}, {.field_delim = ";;"}); }),
            "[DecodeCSV] field_delim should be only 1 char, got \";;\"");
}

TEST(DecodeCsv, InsideAFunction) {
  auto parse = tf::function([](Tensor lines) {
    auto cols = tf::io::decode_csv(lines, {tf::constant(0), tf::constant("")});
    return cols[0] * 2;
  }, {.input_signature = {tf::TensorSpec({tf::None}, tf::string)}});
  EXPECT_EQ(parse(tf::constant({"5,x", "6,y"})).numpy<std::int32_t>(), (std::vector<std::int32_t>{10, 12}));
  EXPECT_THROW(parse(tf::constant({"5"})), tf::InvalidArgumentError);
}

}  // namespace
