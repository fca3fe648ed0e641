#include "mosaic_re2.h"

#include <re2/re2.h>

#include <cstring>
#include <string>

struct mosaic_re2 {
  re2::RE2 *expression;
};

static void copy_message(const std::string &text, char *message, size_t message_size) {
  if (message == nullptr || message_size == 0) return;
  size_t count = text.size() < message_size - 1 ? text.size() : message_size - 1;
  std::memcpy(message, text.data(), count);
  message[count] = 0;
}

mosaic_re2 *mosaic_re2_compile(const char *pattern, size_t length, int ignore_case,
                               long long max_memory, mosaic_re2_status *status, char *message,
                               size_t message_size) {
  re2::RE2::Options options;
  options.set_posix_syntax(true);
  options.set_perl_classes(true);
  options.set_word_boundary(true);
  options.set_one_line(false);
  options.set_case_sensitive(ignore_case == 0);
  options.set_max_mem(max_memory);
  options.set_log_errors(false);
  auto *expression = new re2::RE2(re2::StringPiece(pattern, length), options);
  if (expression->ok()) {
    if (status) *status = MOSAIC_RE2_OK;
    return new mosaic_re2{expression};
  }
  auto code = expression->error_code();
  bool tooComplex =
      code == re2::RE2::ErrorPatternTooLarge || code == re2::RE2::ErrorRepeatSize;
  if (status) *status = tooComplex ? MOSAIC_RE2_TOO_COMPLEX : MOSAIC_RE2_MALFORMED;
  copy_message(expression->error(), message, message_size);
  delete expression;
  return nullptr;
}

int mosaic_re2_matches(const mosaic_re2 *expression, const char *text, size_t length) {
  return re2::RE2::PartialMatch(re2::StringPiece(text, length), *expression->expression) ? 1
                                                                                          : 0;
}

void mosaic_re2_free(mosaic_re2 *expression) {
  if (expression == nullptr) return;
  delete expression->expression;
  delete expression;
}
