// read_tokenizer_json (bpe_tokenizer.hpp): a tokenizer.json in one pass of nlohmann's SAX
// parser. Qwen3.5's file holds 248k vocabulary entries and 247k merges; as a JSON document
// (a std::map node per entry, then freed) they took most of the ~2.5 s a load cost. Here they
// go straight into the BpeDefinition, and only the rest of the file, a few small objects
// (normalizer, pre-tokenizer, added tokens), is built as JSON.
#include "engine/tokenizer/bpe_tokenizer.hpp"

#include <limits>
#include <nlohmann/json.hpp>

#include "engine/error.hpp"
#include "support/json_read.hpp"

namespace fantasma::engine {
namespace {

using nlohmann::json;

constexpr auto kMaxId = std::numeric_limits<TokenId>::max() / 2;

bool normalizer_is_nfc(const json& normalizer, const std::string& source) {
    if (normalizer.is_null()) return false;
    const std::string type = string_member(normalizer, "type");
    if (type == "NFC") return true;
    if (type == "Sequence" && normalizer.contains("normalizers") &&
        normalizer["normalizers"].is_array()) {
        bool nfc = false;
        for (const auto& inner : normalizer["normalizers"]) nfc |= normalizer_is_nfc(inner, source);
        return nfc;
    }
    throw ModelError(source + ": unsupported normalizer '" + type + "' (only NFC is known)");
}

// Finds the Split regex among the pre-tokenizers and tells which known pattern it is.
std::optional<std::string> find_split_regex(const json& pre) {
    if (!pre.is_object()) return std::nullopt;
    if (string_member(pre, "type") == "Split" && pre.contains("pattern") &&
        pre["pattern"].is_object() && pre["pattern"].contains("Regex") &&
        pre["pattern"]["Regex"].is_string())
        return pre["pattern"]["Regex"].get<std::string>();
    if (pre.contains("pretokenizers") && pre["pretokenizers"].is_array())
        for (const auto& inner : pre["pretokenizers"])
            if (auto found = find_split_regex(inner)) return found;
    return std::nullopt;
}

SplitPattern split_pattern(const json& pre, const std::string& source) {
    auto regex = find_split_regex(pre);
    if (!regex || regex->find("\\p{L}") == std::string::npos ||
        regex->find("\\p{N}") == std::string::npos ||
        regex->find("\\s+(?!\\S)") == std::string::npos)
        throw ModelError(source + ": unsupported pre-tokenizer (only Qwen's split regex is known)");
    return regex->find("\\p{M}") != std::string::npos ? SplitPattern::qwen35 : SplitPattern::qwen2;
}

TokenId checked_id(const json& id_value, const std::string& source) {
    if (!id_value.is_number_integer() || id_value.get<std::int64_t>() < 0 ||
        id_value.get<std::int64_t>() > kMaxId)
        throw ModelError(source + ": token id out of range");
    return id_value.get<TokenId>();
}

// The SAX events of a tokenizer.json. Inside model.vocab (an object of token → id) and
// model.merges (an array of "left right" or ["left", "right"]) the entries go to the
// definition; every other value is built into `root` as nlohmann's DOM parser would, with
// model.vocab and model.merges left there as an empty object and array (so the shape checks
// read as for a whole document). Errors are thrown as ModelError naming the file.
class TokenizerJsonEvents final : public nlohmann::json_sax<json> {
  public:
    TokenizerJsonEvents(BpeDefinition& definition, const std::string& source)
        : definition_(definition), source_(source) {}

    json root;

    bool null() override { return value(json()); }
    bool boolean(bool b) override { return value(json(b)); }
    bool number_integer(number_integer_t n) override { return value(json(n)); }
    bool number_unsigned(number_unsigned_t n) override { return value(json(n)); }
    bool number_float(number_float_t n, const string_t&) override { return value(json(n)); }
    bool string(string_t& s) override {
        if (region_ == Region::merges && depth_ == kEntries) {
            const auto [left, right] = split_bpe_merge(s, source_);
            definition_.add_merge(left, right, source_);
            return true;
        }
        if (region_ == Region::merges && depth_ == kEntries + 1) {
            if (merge_parts_ == 0)
                merge_left_ = std::move(s);
            else if (merge_parts_ == 1)
                definition_.add_merge(merge_left_, s, source_);
            else
                return bad_merge();
            ++merge_parts_;
            return true;
        }
        return value(json(std::move(s)));
    }
    bool binary(binary_t&) override { return value(json()); }

    bool key(string_t& k) override {
        if (region_ == Region::vocab && depth_ == kEntries)
            token_ = std::move(k);
        else
            key_ = std::move(k);
        return true;
    }

    bool start_object(std::size_t) override {
        if (region_ == Region::merges && depth_ >= kEntries) return bad_merge();
        if (region_ == Region::vocab) throw ModelError(source_ + ": token id out of range");
        deeper();
        if (depth_ == kEntries && in_model() && key_ == "vocab") {
            region_ = Region::vocab;
            place(json::object());
            return true;
        }
        push(json::object(), key_ == "model" && stack_.size() == 1);
        return true;
    }
    bool end_object() override {
        if (region_ == Region::vocab && depth_ == kEntries)
            region_ = Region::none;
        else
            stack_.pop_back();
        --depth_;
        return true;
    }
    bool start_array(std::size_t) override {
        if (region_ == Region::vocab) throw ModelError(source_ + ": token id out of range");
        deeper();
        if (region_ == Region::merges) {
            if (depth_ != kEntries + 1) return bad_merge();
            merge_parts_ = 0;
            return true;
        }
        if (depth_ == kEntries && in_model() && key_ == "merges") {
            region_ = Region::merges;
            place(json::array());
            return true;
        }
        push(json::array(), false);
        return true;
    }
    bool end_array() override {
        if (region_ == Region::merges && depth_ == kEntries + 1) {
            if (merge_parts_ != 2) return bad_merge();
        } else if (region_ == Region::merges && depth_ == kEntries) {
            region_ = Region::none;
        } else {
            stack_.pop_back();
        }
        --depth_;
        return true;
    }

    bool parse_error(std::size_t, const std::string&,
                     const nlohmann::detail::exception& error) override {
        // As support/json_read.cpp words it: nlohmann's "[json.exception…] " prefix dropped.
        std::string_view text = error.what();
        if (const auto close = text.find("] "); text.starts_with('[') && close != text.npos)
            text.remove_prefix(close + 2);
        throw ModelError(source_ + ": not valid JSON (" + std::string(text) + ")");
    }

  private:
    // depth_: the containers open. 1 inside the root object, 2 inside "model", kEntries
    // inside its vocab or merges.
    static constexpr int kEntries = 3;
    enum class Region { none, vocab, merges };

    bool in_model() const { return stack_.size() == 2 && model_ == stack_.back(); }

    // The parser does not recurse, but a JSON value is copied and freed recursively: a file
    // nested past support/json_read.hpp's limit is refused here, as read_json refuses it.
    void deeper() {
        if (++depth_ > JsonLimits{}.max_depth)
            throw ModelError(source_ + ": nested deeper than " +
                             std::to_string(JsonLimits{}.max_depth) + " levels");
    }

    bool bad_merge() const {
        throw ModelError(source_ + ": a merge is neither \"a b\" nor [\"a\", \"b\"]");
    }

    // A scalar: a vocabulary id, or a value of the document.
    bool value(json v) {
        if (region_ == Region::vocab && depth_ == kEntries) {
            definition_.add_token(token_, checked_id(v, source_), source_);
            return true;
        }
        if (region_ != Region::none) {
            if (region_ == Region::merges) return bad_merge();
            throw ModelError(source_ + ": token id out of range");
        }
        place(std::move(v));
        return true;
    }

    // Puts `v` where the document is at (the root, the next array element, or the last key's
    // member) and returns it.
    json* place(json v) {
        if (stack_.empty()) {
            root = std::move(v);
            return &root;
        }
        json& container = *stack_.back();
        if (container.is_array()) {
            container.push_back(std::move(v));
            return &container.back();
        }
        json& member = container[key_];
        member = std::move(v);
        return &member;
    }
    // Opens an array or object; `model`: the root's "model" member.
    void push(json container, bool model) {
        json* at = place(std::move(container));
        if (model && stack_.size() == 1 && stack_.back()->is_object()) model_ = at;
        stack_.push_back(at);
    }

    BpeDefinition& definition_;
    const std::string& source_;
    std::vector<json*> stack_;  // the open arrays and objects of the document
    json* model_ = nullptr;     // the root's "model" object, once open
    std::string key_, token_, merge_left_;
    Region region_ = Region::none;
    int depth_ = 0;
    int merge_parts_ = 0;
};

}  // namespace

BpeDefinition read_tokenizer_json(std::string_view json_text, const std::string& source) {
    const JsonLimits limits;
    if (json_text.size() > limits.max_bytes)
        throw ModelError(source + ": larger than the 64 MiB a tokenizer.json may take");
    BpeDefinition definition;
    // Room for all the text can hold, so that nothing is copied as it grows: a vocabulary entry
    // takes 6 characters or more (`"a":0,`; only an empty token less, and a file of those only
    // makes the buffers grow), so does a merge (`"a b",`), and a token has no more bytes than
    // characters. What is reserved and never written takes no memory (the pages are given on
    // first write); growing the buffers cost ~5 % of the load.
    const std::size_t most = json_text.size() / 6;
    definition.reserve(most, json_text.size(), most, json_text.size());
    TokenizerJsonEvents events(definition, source);
    json::sax_parse(json_text, &events);
    const json& root = events.root;
    if (!root.is_object()) throw ModelError(source + ": not a JSON tokenizer file");
    const json& model = root.contains("model") ? root["model"] : json();
    if (!model.is_object() || string_member(model, "type", "BPE") != "BPE" ||
        !model.contains("vocab") || !model["vocab"].is_object() || !model.contains("merges") ||
        !model["merges"].is_array())
        throw ModelError(source + ": 'model' is not a BPE model with a vocab and merges");
    if (root.contains("added_tokens") && root["added_tokens"].is_array()) {
        for (const auto& added : root["added_tokens"]) {
            if (!added.is_object() || !added.contains("content") || !added["content"].is_string() ||
                added["content"].get<std::string>().empty() || !added.contains("id"))
                throw ModelError(source + ": an added token lacks its content or id");
            definition.added.emplace_back(added["content"].get<std::string>(),
                                          checked_id(added["id"], source));
        }
    }
    definition.nfc =
        normalizer_is_nfc(root.contains("normalizer") ? root["normalizer"] : json(), source);
    definition.pattern =
        split_pattern(root.contains("pre_tokenizer") ? root["pre_tokenizer"] : json(), source);
    return definition;
}

}  // namespace fantasma::engine
