// The byte-level BPE tokenizer against Hugging Face `tokenizers` on Qwen3.5's vocabulary:
// tests/reference/tokenizer/cases.jsonl holds 1,200 varied strings and the ids that library
// gives (make_tokenizer_cases.py); qwen35-subset.json is the real vocabulary cut to the merges
// those strings use, which gives the same ids. With FANTASMA_QWEN_TOKENIZER_JSON naming the
// full tokenizer.json (the script's --full output), the cases run on it too.
#include <catch2/catch.hpp>
#include <cstdlib>
#include <fstream>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include <unistd.h>

#include "engine/error.hpp"
#include "engine/gguf/gguf_tokenizer.hpp"
#include "engine/gguf/gguf_writer.hpp"
#include "engine/sampling/sampler.hpp"
#include "engine/tokenizer/bpe_tokenizer.hpp"
#include "engine/tokenizer/chat_template.hpp"
#include "engine/tokenizer/pretokenize.hpp"
#include "engine/tokenizer/tokenizer.hpp"

using namespace fantasma::engine;

namespace {

const std::filesystem::path reference_dir =
    std::filesystem::path(FANTASMA_SOURCE_DIR) / "tests/reference/tokenizer";

struct Case {
    std::string text;
    std::vector<TokenId> ids;
};

std::vector<Case> load_cases() {
    std::ifstream in(reference_dir / "cases.jsonl");
    std::vector<Case> cases;
    for (std::string line; std::getline(in, line);) {
        auto row = nlohmann::json::parse(line);
        cases.push_back({row["text"].get<std::string>(), row["ids"].get<std::vector<TokenId>>()});
    }
    return cases;
}

// Encodes every case; returns how many match, and reports the first few that do not.
std::size_t count_matches(const Tokenizer& tokenizer, const std::vector<Case>& cases) {
    std::size_t matches = 0, reported = 0;
    for (const auto& c : cases) {
        auto ids = tokenizer.encode(c.text);
        if (ids == c.ids) {
            ++matches;
        } else if (reported++ < 5) {
            UNSCOPED_INFO("mismatch on: " << c.text);
        }
    }
    return matches;
}

std::filesystem::path write_temp(const std::string& name, const std::string& content) {
    auto path = std::filesystem::temp_directory_path() / name;
    std::ofstream(path, std::ios::binary) << content;
    return path;
}

}  // namespace

TEST_CASE("BPE ids equal Hugging Face tokenizers' on 1,200 strings", "[tokenizer]") {
    auto cases = load_cases();
    REQUIRE(cases.size() >= 1000);
    auto tokenizer = load_tokenizer(reference_dir / "qwen35-subset.json");
    CHECK(count_matches(*tokenizer, cases) == cases.size());
}

// Hidden (run it by name or with "[.full-vocabulary]"): it needs the 11 MB vocabulary, which is
// not committed, and must not count as a pass where it did not run.
TEST_CASE("BPE ids on the full Qwen3.5 vocabulary", "[tokenizer][.full-vocabulary]") {
    const char* full = std::getenv("FANTASMA_QWEN_TOKENIZER_JSON");
    REQUIRE(full != nullptr);  // the script's --full output
    auto cases = load_cases();
    auto tokenizer = load_tokenizer(full);
    CHECK(tokenizer->vocab_size() == 248077);
    CHECK(count_matches(*tokenizer, cases) == cases.size());
}

// The tokenizer.json written into a GGUF the way llama.cpp's converter does (gpt2 model,
// pre "qwen35", tokens padded with unused [PAD…] entries to the embedding's 248,320 rows,
// control/user-defined added tokens, "a b" merges, eos id), alone in a folder.
TEST_CASE("A GGUF's own tokenizer gives the tokenizer.json's ids on 1,200 strings",
          "[tokenizer][gguf]") {
    const auto root = std::filesystem::temp_directory_path() /
                      ("fantasma-gguf-tokenizer-" + std::to_string(::getpid()));
    std::filesystem::create_directories(root / "hf");
    std::filesystem::create_directories(root / "alone");
    std::filesystem::copy_file(reference_dir / "qwen35-subset.json", root / "hf/tokenizer.json");
    const std::string chat_template = "{{- '<|im_start|>' + message.role }}";  // a stand-in
    std::ofstream(root / "hf/chat_template.jinja") << chat_template;
    GgufWriter writer;
    writer.add_string("general.architecture", "qwen35");
    REQUIRE(add_tokenizer_metadata(writer, root / "hf", 248320, {248046}));
    writer.write(root / "alone/model.gguf");

    const auto from_json = load_tokenizer(reference_dir / "qwen35-subset.json");
    CHECK_FALSE(from_json->chat_template());  // none beside it
    CHECK(load_tokenizer(root / "hf/tokenizer.json")->chat_template() == chat_template);
    const auto cases = load_cases();
    for (const auto& path : {root / "alone/model.gguf", root / "alone"}) {
        INFO(path);
        const auto from_gguf = load_tokenizer(path);
        CHECK(count_matches(*from_gguf, cases) == cases.size());
        CHECK(from_gguf->vocab_size() == from_json->vocab_size());  // the [PAD…] rows skipped
        const auto ids = from_gguf->encode("<|im_start|>user\nCafe\u0301 <think>x</think>");
        CHECK(ids == from_json->encode("<|im_start|>user\nCafe\u0301 <think>x</think>"));
        CHECK(from_gguf->decode(ids) == from_json->decode(ids));
        CHECK(from_gguf->end_of_text_ids() == std::vector<TokenId>{248046});
        CHECK(from_gguf->chat_template() == chat_template);
        CHECK(stop_tokens(path, *from_gguf) == std::vector<TokenId>{248044, 248046});
    }
    std::filesystem::remove_all(root);
}

TEST_CASE("A GGUF tokenizer the engine cannot run is refused by name", "[tokenizer][gguf]") {
    const auto path = std::filesystem::temp_directory_path() /
                      ("fantasma-gguf-tokenizer-" + std::to_string(::getpid()) + ".gguf");
    const auto error_with = [&](const std::string& model, const std::string& pre) {
        GgufWriter writer;
        writer.add_string("tokenizer.ggml.model", model);
        writer.add_string("tokenizer.ggml.pre", pre);
        writer.add_string_array("tokenizer.ggml.tokens", {"a", "b"});
        writer.add_string_array("tokenizer.ggml.merges", {"a b"});
        writer.write(path);
        try {
            load_tokenizer(path);
        } catch (const ModelError& error) {
            return std::string(error.what());
        }
        return std::string();
    };
    CHECK_THAT(error_with("gpt2", "deepseek-llm"),
               Catch::Contains("tokenizer.ggml.pre 'deepseek-llm' is not supported (the Qwen "
                               "tokenizers, 'qwen35' and 'qwen2', are)"));
    CHECK_THAT(error_with("llama", "default"),
               Catch::Contains("tokenizer.ggml.model 'llama' is not supported"));
    // Two tokens, no bytes: not a byte-level BPE vocabulary.
    CHECK_THAT(error_with("gpt2", "qwen2"), Catch::Contains("vocabulary lacks byte 0"));
    std::filesystem::remove(path);
}

TEST_CASE("The cases tell Qwen3.5's split pattern from Qwen2's", "[tokenizer]") {
    // The same vocabulary with the \p{M} taken out of the regex is Qwen2's pattern: the cases
    // with combining marks must then disagree, or they would not test the difference.
    std::ifstream in(reference_dir / "qwen35-subset.json");
    std::string json((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    for (std::size_t at; (at = json.find("\\\\p{M}")) != std::string::npos;) json.erase(at, 6);
    auto path = write_temp("fantasma-qwen2-pattern.json", json);
    auto qwen2 = load_tokenizer(path);
    std::filesystem::remove(path);
    auto cases = load_cases();
    auto matches = count_matches(*qwen2, cases);
    CHECK(matches < cases.size() - 20);
    CHECK(matches > cases.size() / 2);
}

TEST_CASE("Decoding gives back the text, special tokens included", "[tokenizer]") {
    auto tokenizer = load_tokenizer(reference_dir / "qwen35-subset.json");
    std::string text = "<|im_start|>user\nCafé  naïve 123 — 你好 😀<|im_end|>\n";
    auto ids = tokenizer->encode(text);
    CHECK(ids.front() == 248045);
    CHECK(tokenizer->decode(ids) == text);
    CHECK(tokenizer->token_id("<think>") == 248068);
    CHECK_FALSE(tokenizer->token_id("no such token").has_value());

    // One long piece: merging stays n log n, and the bytes come back.
    std::string dashes(100000, '-');
    auto dash_ids = tokenizer->encode(dashes);
    CHECK(dash_ids.size() <= dashes.size() / 2);
    CHECK(tokenizer->decode(dash_ids) == dashes);
    std::vector<TokenId> outside{248077};
    CHECK_THROWS_AS(tokenizer->decode(outside), ModelError);
}

TEST_CASE("The split scanner follows Qwen3.5's pattern", "[tokenizer]") {
    using Pieces = std::vector<std::string_view>;
    CHECK(split_pieces("Hello world", SplitPattern::qwen35) == Pieces{"Hello", " world"});
    CHECK(split_pieces("it's 2024!!\n\n", SplitPattern::qwen35) ==
          Pieces{"it", "'s", " ", "2", "0", "2", "4", "!!\n\n"});
    CHECK(split_pieces("a   b", SplitPattern::qwen35) == Pieces{"a", "  ", " b"});
    CHECK(split_pieces("x \n y", SplitPattern::qwen35) == Pieces{"x", " \n", " y"});
    // A combining mark joins the letters before it in Qwen3.5, not in Qwen2.
    CHECK(split_pieces("e\u0301t\u0301", SplitPattern::qwen35) == Pieces{"e\u0301t\u0301"});
    CHECK(split_pieces("e\u0301t", SplitPattern::qwen2) == Pieces{"e", "\u0301t"});
}

TEST_CASE("Bad tokenizer files give one-line errors", "[tokenizer]") {
    auto refuses = [](const std::string& content) {
        auto path = write_temp("fantasma-bad-tokenizer.json", content);
        bool threw = false;
        try {
            load_tokenizer(path);
        } catch (const ModelError& error) {
            threw = std::string(error.what()).find('\n') == std::string::npos;
        }
        std::filesystem::remove(path);
        return threw;
    };
    CHECK(refuses(""));
    CHECK(refuses("{\"model\": 5}"));
    CHECK(refuses("[1, 2, 3]"));
    CHECK(refuses("{\"model\": {\"type\": \"BPE\", \"vocab\": {\"a\": 0}, \"merges\": []}}"));
    CHECK(refuses("{\"model\": {\"type\": \"Unigram\", \"vocab\": [], \"merges\": []}}"));
    CHECK(refuses(std::string(100000, '[') + std::string(100000, ']')));
    // Members of the wrong type (found by scripts/fuzz.sh; a json::type_error escaped before).
    CHECK(refuses(R"({"model": {"type": {"a": 0}, "merges": []}})"));
    CHECK(refuses(R"({"normalizer": 5, "model": {"type": "BPE", "vocab": {}, "merges": []}})"));
    CHECK_THROWS_AS(load_tokenizer("/nonexistent/tokenizer.json"), ModelError);

    // Every prefix of a real file is refused cleanly or loads; none crashes.
    std::ifstream in(reference_dir / "qwen35-subset.json");
    std::string full((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    for (std::size_t length = 0; length < full.size(); length += full.size() / 97 + 1)
        CHECK(refuses(full.substr(0, length)));
}

TEST_CASE("ChatML prompt with the non-thinking generation prompt", "[tokenizer]") {
    constexpr auto qwen = ChatFormat::qwen_thinking;
    std::vector<ChatMessage> messages{{"system", "Be brief."}, {"user", "Hi"}};
    CHECK(chat_prompt(qwen, messages) ==
          "<|im_start|>system\nBe brief.<|im_end|>\n<|im_start|>user\nHi<|im_end|>\n"
          "<|im_start|>assistant\n<think>\n\n</think>\n\n");
    CHECK(chat_prompt(qwen, messages, true).ends_with("<|im_start|>assistant\n<think>\n"));
    CHECK(chat_prompt(ChatFormat::chatml, messages)
              .ends_with("<|im_start|>user\nHi<|im_end|>\n<|im_start|>assistant\n"));
    // Qwen3.5's template trims every message's content (`|trim`, Python's str.strip(): the
    // Unicode whitespace too, but not a zero-width space, which is no whitespace there).
    const std::vector<ChatMessage> padded{{"user", "\n  Hi there\t\n"},
                                          {"user", " \n "},
                                          {"user", "\u00a0\u3000\x1c Hi\u2029\u200a"},
                                          {"user", "\u200bHi\u200b"}};
    CHECK(chat_prompt(qwen, padded)
              .starts_with("<|im_start|>user\nHi there<|im_end|>\n<|im_start|>user\n<|im_end|>\n"
                           "<|im_start|>user\nHi<|im_end|>\n"
                           "<|im_start|>user\n\u200bHi\u200b<|im_end|>\n"));
}

// Templates written here in the shape of the real ones (the ChatML tags, Qwen3's and Qwen3.5's
// think block, Llama 3's header tags); fantasma runs no Jinja, it recognises the layout.
TEST_CASE("The chat template picks the chat format", "[tokenizer]") {
    CHECK(chat_format(std::nullopt) == ChatFormat::qwen_thinking);
    const std::string qwen35 =
        "{%- for message in messages %}{{- '<|im_start|>' + message.role + '\\n' + "
        "message.content|trim + '<|im_end|>\\n' }}{%- endfor %}{%- if add_generation_prompt "
        "%}{{- '<|im_start|>assistant\\n' }}{%- if enable_thinking is false %}{{- "
        "'<think>\\n\\n</think>\\n\\n' }}{%- else %}{{- '<think>\\n' }}{%- endif %}{%- endif %}";
    CHECK(chat_format(qwen35) == ChatFormat::qwen_thinking);
    CHECK(chat_format("{% for message in messages %}{{'<|im_start|>' + message['role'] + "
                      "'\\n' + message['content'] + '<|im_end|>' + '\\n'}}{% endfor %}") ==
          ChatFormat::chatml);
    try {
        chat_format(
            "{{- bos_token }}{% for message in messages %}{{ '<|start_header_id|>' + "
            "message['role'] + '<|end_header_id|>\\n\\n' }}{% endfor %}");
        FAIL("a Llama 3 template was taken for ChatML");
    } catch (const ModelError& error) {
        CHECK_THAT(error.what(),
                   Catch::Contains("the model's chat template is not ChatML (it begins "
                                   "\"{{- bos_token }}{% for message in messages %}{{ "
                                   "'<|start_hea…\")"));  // its first 60 bytes
    }
}

// tokenizer.json is read in one SAX pass (engine/tokenizer/tokenizer_json.cpp): what a whole
// document's checks refused is still refused, with the same words.
TEST_CASE("a tokenizer.json too deep or malformed or with bad entries is refused", "[tokenizer]") {
    const auto error_of = [](const std::string& text) -> std::string {
        try {
            read_tokenizer_json(text, "t.json");
        } catch (const ModelError& error) {
            return error.what();
        }
        return "";
    };
    const std::string pre =
        R"j("pre_tokenizer": {"type": "Split", "pattern": {"Regex": "\\p{L}\\p{N}\\s+(?!\\S)"}})j";
    const auto file = [&](const std::string& model, const std::string& rest) {
        return R"({"model": )" + model + ", " + pre + rest + "}";
    };
    const std::string deep = std::string(200, '[') + std::string(200, ']');
    CHECK_THAT(error_of(file(R"({"vocab": {}, "merges": []})", R"(, "extra": )" + deep)),
               Catch::Contains("t.json: nested deeper than 128 levels"));
    CHECK_THAT(error_of("{\"model\": "), Catch::Contains("t.json: not valid JSON"));
    CHECK_THAT(error_of(file(R"({"vocab": {"a": -1}, "merges": []})", "")),
               Catch::Contains("token id out of range"));
    CHECK_THAT(error_of(file(R"({"vocab": {"a": [1]}, "merges": []})", "")),
               Catch::Contains("token id out of range"));
    CHECK_THAT(error_of(file(R"({"vocab": {}, "merges": [["a", "b", "c"]]})", "")),
               Catch::Contains("a merge is neither"));
    CHECK_THAT(error_of(file(R"({"vocab": {}, "merges": [7]})", "")),
               Catch::Contains("a merge is neither"));
    CHECK_THAT(error_of(file(R"({"vocab": [], "merges": []})", "")),
               Catch::Contains("'model' is not a BPE model with a vocab and merges"));
    // Both merge forms, the vocabulary in order, the rest of the document as before.
    const BpeDefinition ok = read_tokenizer_json(
        file(
            R"({"type": "BPE", "vocab": {"a": 0, "b": 1, "ab": 2}, "merges": ["a b", ["ab", "b"]]})",
            R"(, "added_tokens": [{"id": 3, "content": "<|x|>"}], "normalizer": {"type": "NFC"})"),
        "t.json");
    REQUIRE(ok.tokens.size() == 3);
    CHECK((ok.tokens[0] == "a" && ok.tokens[1] == "b" && ok.tokens[2] == "ab"));
    CHECK(ok.token_ids == std::vector<TokenId>{0, 1, 2});
    REQUIRE(ok.merges.size() == 2);
    CHECK(ok.merge(0) == std::pair<std::string_view, std::string_view>{"a", "b"});
    CHECK(ok.merge(1) == std::pair<std::string_view, std::string_view>{"ab", "b"});
    CHECK(ok.added == std::vector<std::pair<std::string, TokenId>>{{"<|x|>", 3}});
    CHECK(ok.nfc);
    // The definition holds the bytes GPT-2's alphabet stands for: Ġ a space, Ċ a newline, é
    // itself (one byte, 0xE9); € (U+20AC) is no part of it.
    const BpeDefinition bytes = read_tokenizer_json(
        file(R"({"vocab": {"Ġa": 0, "Ċ": 1, "é": 2}, "merges": ["Ġ a", ["Ċ", "é"]]})", ""),
        "t.json");
    REQUIRE(bytes.tokens.size() == 3);
    CHECK((bytes.tokens[0] == " a" && bytes.tokens[1] == "\n" && bytes.tokens[2] == "\xE9"));
    CHECK(bytes.merge(0) == std::pair<std::string_view, std::string_view>{" ", "a"});
    CHECK(bytes.merge(1) == std::pair<std::string_view, std::string_view>{"\n", "\xE9"});
    CHECK_THAT(error_of(file(R"({"vocab": {"a€": 0}, "merges": []})", "")),
               Catch::Contains("t.json: vocabulary entry is not byte-level: a€"));
    CHECK_THAT(error_of(file(R"({"vocab": {}, "merges": ["a €"]})", "")),
               Catch::Contains("t.json: merge is not byte-level"));
}
