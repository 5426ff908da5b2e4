// Parsing the reference tables (format: stylometry/data/README.md).
#include <algorithm>
#include <array>
#include <charconv>
#include <cmath>
#include <stdexcept>

#include "fantasma_stylometry_embedded.hpp"
#include "stylometry/reference.hpp"

namespace fantasma {

// Reads tables into a Reference. Keys are views into the parsed text, which must outlive the
// Reference (parse() gives it a private copy; builtin() parses the embedded tables in place).
class ReferenceParser {
  public:
    explicit ReferenceParser(Reference& reference) : reference_(reference) {}

    // `origin` names the text in error messages ("function_words.tsv").
    void add(std::string_view text, std::string_view origin) {
        origin_ = origin;
        table_ = Kind::None;
        header_pending_ = false;
        line_number_ = 0;
        while (!text.empty()) {
            const std::size_t end = std::min(text.find('\n'), text.size());
            std::string_view line = text.substr(0, end);
            text.remove_prefix(std::min(end + 1, text.size()));
            ++line_number_;
            if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
            if (line.empty() || line.front() == '#') continue;
            if (line.starts_with("@table ")) {
                open_table(line.substr(7), text);
            } else {
                read_line(line);
            }
        }
    }

    // Sorts the tables, rejects duplicate keys and indexes the keys for lookup.
    void finish() {
        sort_unique(reference_.distributions_, "distributions");
        sort_unique(reference_.function_word_set_, "function_words");
        sort_unique(reference_.spellings_, "spelling_variants");
        sort_unique(reference_.word_frequencies_, "word_frequencies");
        sort_unique(reference_.dictionary_, "dictionary");
        sort_unique(reference_.phrase_frequencies_, "phrase_frequencies");
        build_indexes();
        for (const auto& entry : reference_.distributions_) {
            reference_.writers_ =
                std::max(reference_.writers_, entry.second.distribution.writers());
        }
    }

  private:
    enum class Kind { None, FunctionWords, Words, Phrases, Dictionary, Spellings, Distributions };
    struct Layout {
        Kind kind;
        std::string_view name;
        std::string_view header;
        std::size_t fields;
    };
    static constexpr Layout layouts[] = {
        {Kind::FunctionWords, "function_words", "word", 1},
        {Kind::Words, "word_frequencies", "word\tper_million", 2},
        {Kind::Phrases, "phrase_frequencies", "phrase\tper_million", 2},
        {Kind::Dictionary, "dictionary", "word", 1},
        {Kind::Spellings, "spelling_variants", "form\tneutral\tregions", 3},
        {Kind::Distributions, "distributions", "feature\tsource\tvalues", 3},
    };
    static constexpr std::size_t max_fields = 3;
    using Fields = std::array<std::string_view, max_fields>;

    const Layout& layout() const { return layouts[static_cast<std::size_t>(table_) - 1]; }

    [[noreturn]] void fail(const std::string& what) const {
        std::string where(origin_);
        where += " line " + std::to_string(line_number_);
        if (table_ != Kind::None) where += " (table " + std::string(layout().name) + ")";
        throw std::runtime_error("reference tables: " + where + ": " + what);
    }

    // `rest` is the text after the `@table` line: its line count bounds the table's size, so
    // the table is allocated once.
    void open_table(std::string_view name, std::string_view rest) {
        table_ = Kind::None;
        const Layout* found = std::find_if(std::begin(layouts), std::end(layouts),
                                           [&](const Layout& l) { return l.name == name; });
        if (found == std::end(layouts)) fail("unknown table '" + std::string(name) + "'");
        table_ = found->kind;
        header_pending_ = true;
        const std::size_t next = rest.find("\n@table ");
        const auto rows = static_cast<std::size_t>(
            std::count(rest.begin(), rest.begin() + std::min(next, rest.size()), '\n'));
        Reference& r = reference_;
        switch (table_) {
            case Kind::FunctionWords:
                r.function_words_.reserve(r.function_words_.size() + rows);
                r.function_word_set_.reserve(r.function_word_set_.size() + rows);
                break;
            case Kind::Words:
                r.word_frequencies_.reserve(r.word_frequencies_.size() + rows);
                break;
            case Kind::Phrases:
                r.phrase_frequencies_.reserve(r.phrase_frequencies_.size() + rows);
                break;
            case Kind::Dictionary:
                r.dictionary_.reserve(r.dictionary_.size() + rows);
                break;
            case Kind::Spellings:
                r.spellings_.reserve(r.spellings_.size() + rows);
                break;
            case Kind::Distributions:
                r.distributions_.reserve(r.distributions_.size() + rows);
                break;
            case Kind::None:
                break;
        }
    }

    void read_line(std::string_view line) {
        if (table_ == Kind::None) fail("data before the first '@table NAME' line");
        if (header_pending_) {
            if (line != layout().header) {
                fail("expected the header '" + escape_tabs(layout().header) + "', got '" +
                     escape_tabs(line) + "'");
            }
            header_pending_ = false;
            return;
        }
        Fields fields;
        const std::size_t count = split_fields(line, fields);
        if (count != layout().fields) {
            fail("expected " + std::to_string(layout().fields) + " tab-separated fields, got " +
                 std::to_string(count));
        }
        for (std::size_t i = 0; i < count; ++i) {
            if (fields[i].empty()) fail("empty field");
        }
        store(fields);
    }

    void store(const Fields& fields) {
        Reference& r = reference_;
        switch (table_) {
            case Kind::FunctionWords:
                r.function_words_.emplace_back(fields[0]);
                r.function_word_set_.push_back(fields[0]);
                break;
            case Kind::Words:
                r.word_frequencies_.emplace_back(fields[0], number(fields[1]));
                break;
            case Kind::Phrases:
                r.phrase_frequencies_.emplace_back(fields[0], number(fields[1]));
                break;
            case Kind::Dictionary:
                r.dictionary_.push_back(fields[0]);
                break;
            case Kind::Spellings:
                r.spellings_.emplace_back(
                    fields[0], SpellingVariant{std::string(fields[1]), regions(fields[2])});
                break;
            case Kind::Distributions:
                r.distributions_.emplace_back(
                    fields[0], Reference::Sourced{Distribution(numbers(fields[2])), fields[1]});
                break;
            case Kind::None:
                break;
        }
    }

    // Splits at tabs into `fields`; returns the number of fields found (more than
    // max_fields are counted but not stored).
    static std::size_t split_fields(std::string_view line, Fields& fields) {
        std::size_t count = 0;
        while (true) {
            const std::size_t tab = line.find('\t');
            if (count < max_fields) fields[count] = line.substr(0, tab);
            ++count;
            if (tab == std::string_view::npos) return count;
            line.remove_prefix(tab + 1);
        }
    }

    float number(std::string_view text) const {
        float value = 0;
        const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
        if (error != std::errc() || end != text.data() + text.size() || !std::isfinite(value)) {
            fail("'" + std::string(text) + "' is not a number");
        }
        return value;
    }

    std::vector<float> numbers(std::string_view list) const {
        std::vector<float> values;
        values.reserve(static_cast<std::size_t>(std::count(list.begin(), list.end(), ',')) + 1);
        while (true) {
            const std::size_t comma = list.find(',');
            values.push_back(number(list.substr(0, comma)));
            if (comma == std::string_view::npos) return values;
            list.remove_prefix(comma + 1);
        }
    }

    std::uint8_t regions(std::string_view list) const {
        std::uint8_t bits = 0;
        while (true) {
            const std::size_t bar = list.find('|');
            const std::string_view name = list.substr(0, bar);
            if (name == "american")
                bits |= American;
            else if (name == "british")
                bits |= British;
            else if (name == "canadian")
                bits |= Canadian;
            else if (name == "australian")
                bits |= Australian;
            else
                fail("unknown region '" + std::string(name) + "'");
            if (bar == std::string_view::npos) return bits;
            list.remove_prefix(bar + 1);
        }
    }

    static std::string escape_tabs(std::string_view text) {
        std::string out;
        for (char c : text) out += c == '\t' ? std::string("\\t") : std::string(1, c);
        return out;
    }

    static std::string_view key_of(std::string_view key) { return key; }
    template <class V>
    static std::string_view key_of(const std::pair<std::string_view, V>& entry) {
        return entry.first;
    }

    void build_indexes() {
        Reference& r = reference_;
        auto key = [](const auto& entry) { return key_of(entry); };
        r.distribution_index_.build(r.distributions_, key);
        r.function_word_index_.build(r.function_word_set_, key);
        r.spelling_index_.build(r.spellings_, key);
        r.word_frequency_index_.build(r.word_frequencies_, key);
        r.dictionary_index_.build(r.dictionary_, key);
        r.phrase_frequency_index_.build(r.phrase_frequencies_, key);
    }

    template <class Entry>
    static void sort_unique(std::vector<Entry>& table, std::string_view name) {
        auto less = [](const Entry& a, const Entry& b) { return key_of(a) < key_of(b); };
        if (!std::is_sorted(table.begin(), table.end(), less)) {
            std::stable_sort(table.begin(), table.end(), less);
        }
        auto same = [](const Entry& a, const Entry& b) { return key_of(a) == key_of(b); };
        auto duplicate = std::adjacent_find(table.begin(), table.end(), same);
        if (duplicate != table.end()) {
            throw std::runtime_error("reference tables: table " + std::string(name) + " lists '" +
                                     std::string(key_of(*duplicate)) + "' twice");
        }
    }

    Reference& reference_;
    std::string_view origin_;
    Kind table_ = Kind::None;
    bool header_pending_ = false;
    std::size_t line_number_ = 0;
};

Reference Reference::parse(std::string_view tables) {
    Reference reference;
    auto storage = std::make_shared<const std::string>(tables);
    ReferenceParser parser(reference);
    parser.add(*storage, "input");
    parser.finish();
    reference.storage_ = std::move(storage);
    return reference;
}

const Reference& Reference::builtin() {
    // A function-local static: parsed once, thread-safe, immutable afterwards.
    static const Reference reference = [] {
        Reference parsed;
        ReferenceParser parser(parsed);
        parser.add(data::function_words_tsv, "function_words.tsv");
        parser.add(data::word_frequencies_tsv, "word_frequencies.tsv");
        parser.add(data::phrase_frequencies_tsv, "phrase_frequencies.tsv");
        parser.add(data::dictionary_tsv, "dictionary.tsv");
        parser.add(data::spelling_variants_tsv, "spelling_variants.tsv");
        parser.add(data::distributions_tsv, "distributions.tsv");
        parser.finish();
        return parsed;
    }();
    return reference;
}

}  // namespace fantasma
