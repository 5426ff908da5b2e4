#include "attacker/distractors.hpp"

#include <algorithm>
#include <charconv>
#include <stdexcept>

#include "fantasma_attacker_embedded.hpp"

namespace fantasma::attacker {
namespace {

std::vector<std::string_view> fields(std::string_view line) {
    std::vector<std::string_view> parts;
    for (std::size_t begin = 0;;) {
        const std::size_t tab = line.find('\t', begin);
        parts.push_back(line.substr(begin, tab - begin));
        if (tab == std::string_view::npos) return parts;
        begin = tab + 1;
    }
}

}  // namespace

DistractorTable DistractorTable::parse(std::string_view table, std::string_view name) {
    std::vector<std::string> ngrams;
    std::vector<std::string> words;
    struct Row {
        std::string writer, kind;
        std::string_view counts;
        int line;
    };
    std::vector<Row> rows;
    double kind_floor = 0;
    int line_number = 0;
    const auto broken = [&](std::string_view why) {
        return std::runtime_error(std::string(name) + ", line " + std::to_string(line_number) +
                                  ": " + std::string(why));
    };
    for (std::size_t at = 0; at < table.size();) {
        std::size_t end = table.find('\n', at);
        if (end == std::string_view::npos) end = table.size();
        const std::string_view line = table.substr(at, end - at);
        at = end + 1;
        ++line_number;
        if (line.empty() || line.front() == '#') continue;
        const std::vector<std::string_view> parts = fields(line);
        if (parts[0] == "ngram" && parts.size() == 2) {
            ngrams.emplace_back(parts[1]);
        } else if (parts[0] == "word" && parts.size() == 2) {
            words.emplace_back(parts[1]);
        } else if (parts[0] == "kind-floor" && parts.size() == 2) {
            if (std::from_chars(parts[1].data(), parts[1].data() + parts[1].size(), kind_floor)
                    .ec != std::errc())
                throw broken("the kind floor is not a number");
        } else if (parts[0] == "text" && parts.size() == 4) {
            rows.push_back({std::string(parts[1]), std::string(parts[2]), parts[3], line_number});
        } else {
            throw broken("expected 'ngram', 'word' or 'text' and its fields");
        }
    }
    DistractorTable parsed{
        FeatureSpace(std::move(ngrams), std::move(words)), {}, {}, kind_floor, fnv1a(table)};
    const int features = static_cast<int>(parsed.space.size());
    for (Row& row : rows) {
        line_number = row.line;
        DistractorText text{std::move(row.writer), std::move(row.kind), {}};
        int feature = -1;
        for (std::size_t at = 0; at < row.counts.size();) {
            std::size_t end = row.counts.find(' ', at);
            if (end == std::string_view::npos) end = row.counts.size();
            const std::string_view entry = row.counts.substr(at, end - at);
            at = end + 1;
            // GAP[:COUNT]: the feature's index minus the previous one's; a count of 1 unsaid.
            const std::size_t colon = std::min(entry.find(':'), entry.size());
            int gap = 0;
            int count = 1;
            if (std::from_chars(entry.data(), entry.data() + colon, gap).ec != std::errc() ||
                (colon < entry.size() &&
                 std::from_chars(entry.data() + colon + 1, entry.data() + entry.size(), count).ec !=
                     std::errc()) ||
                gap <= 0 || feature + gap >= features || count <= 0) {
                throw broken("a count is not GAP[:COUNT] with a known feature");
            }
            feature += gap;
            text.counts[feature] = count;
        }
        parsed.kind_vectors.push_back(parsed.space.kind_vector(text.counts));
        parsed.texts.push_back(std::move(text));
    }
    return parsed;
}

std::string DistractorTable::format(const FeatureSpace& space,
                                    const std::vector<DistractorText>& texts, double kind_floor,
                                    const std::vector<std::string>& comment) {
    std::string out;
    for (const std::string& line : comment) out += "# " + line + "\n";
    out += "kind-floor\t" + std::to_string(kind_floor) + "\n";
    for (std::size_t i = 0; i < space.size(); ++i) {
        const int feature = static_cast<int>(i);
        out += space.is_word(feature) ? "word\t" : "ngram\t";
        out += space.name(feature);
        out += '\n';
    }
    for (const DistractorText& text : texts) {
        std::vector<std::pair<int, int>> sorted(text.counts.begin(), text.counts.end());
        std::ranges::sort(sorted);
        out += "text\t" + text.writer + "\t" + text.kind + "\t";
        int previous = -1;
        for (std::size_t i = 0; i < sorted.size(); ++i) {
            if (i) out += ' ';
            out += std::to_string(sorted[i].first - previous);
            if (sorted[i].second != 1) out += ":" + std::to_string(sorted[i].second);
            previous = sorted[i].first;
        }
        out += '\n';
    }
    return out;
}

std::uint64_t fnv1a(std::string_view bytes, std::uint64_t hash) {
    for (unsigned char c : bytes) {
        hash ^= c;
        hash *= 1099511628211ULL;
    }
    return hash;
}

namespace {

double cosine_with(const std::vector<double>& dense, const SparseVector& vector) {
    double sum = 0;  // both have unit length
    for (std::size_t i = 0; i < vector.index.size(); ++i)
        sum += dense[static_cast<std::size_t>(vector.index[i])] * vector.value[i];
    return sum;
}

std::vector<double> dense_of(const SparseVector& vector, std::size_t size) {
    std::vector<double> dense(size, 0.0);
    for (std::size_t i = 0; i < vector.index.size(); ++i)
        dense[static_cast<std::size_t>(vector.index[i])] = vector.value[i];
    return dense;
}

}  // namespace

double DistractorTable::measure_kind_floor(const FeatureSpace& space,
                                           const std::vector<DistractorText>& texts) {
    std::vector<SparseVector> vectors;
    for (const DistractorText& text : texts) vectors.push_back(space.kind_vector(text.counts));
    const std::size_t size = space.size();
    std::vector<double> best;
    for (std::size_t i = 0; i < texts.size(); ++i) {
        const std::vector<double> dense = dense_of(vectors[i], size);
        double most = 0;
        for (std::size_t j = 0; j < texts.size(); ++j)
            if (texts[j].writer != texts[i].writer)
                most = std::max(most, cosine_with(dense, vectors[j]));
        best.push_back(most);
    }
    if (best.empty()) return 0;
    // The least alike of them: any text of a kind the table holds is at least as close.
    return *std::ranges::min_element(best);
}

double DistractorTable::closest_kind(const SparseVector& kind_vector) const {
    const std::vector<double> dense = dense_of(kind_vector, space.size());
    double most = 0;
    for (const SparseVector& other : kind_vectors) most = std::max(most, cosine_with(dense, other));
    return most;
}

const DistractorTable& DistractorTable::builtin() {
    static const DistractorTable table = parse(data::distractors_tsv, "distractors.tsv");
    return table;
}

}  // namespace fantasma::attacker
