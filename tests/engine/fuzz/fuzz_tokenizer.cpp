// libFuzzer target: arbitrary bytes as a tokenizer.json. Loading must succeed or fail with
// ModelError; a tokenizer that loads must encode and decode text (including its own added
// tokens) without crashing. Anything else (a crash, a sanitizer report, another exception) is
// a bug.
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "engine/error.hpp"
#include "engine/tokenizer/bpe_tokenizer.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    namespace fe = fantasma::engine;
    const std::string_view json(reinterpret_cast<const char*>(data), size);
    try {
        const fe::BpeTokenizer tokenizer(fe::read_tokenizer_json(json, "fuzz/tokenizer.json"),
                                         "fuzz/tokenizer.json");
        for (const std::string_view text :
             {std::string_view("Hello, world! 123 \xc3\xa9t\xc3\xa9\n\n  tabs\tand <|im_end|>"),
              std::string_view("\xff\xfe broken \xe2\x82 utf-8"), json.substr(0, 256)}) {
            const auto ids = tokenizer.encode(text);
            (void)tokenizer.decode(ids);
        }
        (void)tokenizer.token_id("<|im_end|>");
    } catch (const fe::ModelError&) {
    }
    return 0;
}
