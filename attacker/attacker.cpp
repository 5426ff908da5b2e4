#include "attacker/attacker.hpp"

#include <linear.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <map>
#include <memory>
#include <set>
#include <stdexcept>

#include "attacker/evidence.hpp"
#include "stylometry/document.hpp"
#include "stylometry/extract/extract.hpp"

namespace fantasma::attacker {
namespace {

// L2-regularisation as the attribution baselines use it on unit-length vectors.
constexpr double kCost = 10.0;
// Every how many distractor writers of a kind is kept out of training, to show the
// probability what writers the attacker has not seen look like.
constexpr std::size_t kCalibrationEvery = 4;
constexpr std::size_t kMinimumTexts = 3;
constexpr std::size_t kFolds = 5;

void say_nothing(const char*) {}

// liblinear's row of a vector: 1-based indices, the bias as the last feature, -1 at the end.
std::vector<feature_node> row(const SparseVector& vector, int features) {
    std::vector<feature_node> nodes;
    nodes.reserve(vector.index.size() + 2);
    for (std::size_t i = 0; i < vector.index.size(); ++i)
        nodes.push_back({vector.index[i] + 1, vector.value[i]});
    nodes.push_back({features + 1, 1.0});
    nodes.push_back({-1, 0.0});
    return nodes;
}

struct Linear {
    std::vector<float> weights;
    double bias = 0;
};

// One candidate against the rest: logistic regression over `rows`, positive where `mine`.
Linear one_against_rest(const std::vector<std::vector<feature_node>>& rows,
                        const std::vector<bool>& mine, int features) {
    std::vector<feature_node*> x;
    std::vector<double> y;
    for (std::size_t i = 0; i < rows.size(); ++i) {
        x.push_back(const_cast<feature_node*>(rows[i].data()));  // liblinear only reads them
        y.push_back(mine[i] ? 1.0 : -1.0);
    }
    problem task{};
    task.l = static_cast<int>(rows.size());
    task.n = features + 1;
    task.y = y.data();
    task.x = x.data();
    task.bias = 1.0;
    parameter settings{};
    settings.solver_type = L2R_LR_DUAL;
    settings.eps = 0.1;
    settings.C = kCost;
    set_print_string_function(say_nothing);
    std::unique_ptr<model, void (*)(model*)> trained(::train(&task, &settings),
                                                     [](model* m) { free_and_destroy_model(&m); });
    // The weights are for label[0]: the writer's side when it is +1.
    const double sign = trained->label[0] == 1 ? 1.0 : -1.0;
    Linear linear;
    linear.weights.resize(static_cast<std::size_t>(features));
    for (int i = 0; i < features; ++i)
        linear.weights[static_cast<std::size_t>(i)] = static_cast<float>(sign * trained->w[i]);
    linear.bias = sign * trained->w[features];
    return linear;
}

double dot(const Linear& linear, const SparseVector& vector) {
    double sum = linear.bias;
    for (std::size_t i = 0; i < vector.index.size(); ++i)
        sum += linear.weights[static_cast<std::size_t>(vector.index[i])] * vector.value[i];
    return sum;
}

// Platt scaling with both sides weighted equally: the slope and intercept of the logistic
// curve that best separates `mine` (margins of the writer's held-out texts) from `theirs`.
std::pair<double, double> fit_logistic(const std::vector<double>& mine,
                                       const std::vector<double>& theirs) {
    double slope = 1, intercept = 0;
    const double w_mine = 0.5 / static_cast<double>(mine.size());
    const double w_theirs = 0.5 / static_cast<double>(theirs.size());
    for (int step = 0; step < 50; ++step) {
        // Newton's method on the weighted log loss, with a little ridge for separable data.
        double g0 = 1e-3 * slope, g1 = 0, h00 = 1e-3, h01 = 0, h11 = 1e-9;
        const auto add = [&](double margin, double target, double weight) {
            const double p = 1 / (1 + std::exp(-(slope * margin + intercept)));
            const double r = weight * (p - target);
            const double v = weight * p * (1 - p);
            g0 += r * margin;
            g1 += r;
            h00 += v * margin * margin;
            h01 += v * margin;
            h11 += v;
        };
        for (double m : mine) add(m, 1, w_mine);
        for (double m : theirs) add(m, 0, w_theirs);
        const double det = h00 * h11 - h01 * h01;
        if (det <= 0) break;
        const double d0 = (h11 * g0 - h01 * g1) / det;
        const double d1 = (h00 * g1 - h01 * g0) / det;
        slope -= d0;
        intercept -= d1;
        if (std::abs(d0) + std::abs(d1) < 1e-9) break;
    }
    return {slope, intercept};
}

SparseVector vector_of(const FeatureSpace& space, std::string_view text) {
    return FeatureSpace::scaled(FeatureSpace::counts(space.occurrences(text)));
}

}  // namespace

std::string prose_of(std::string_view source, Language language) {
    return attacker_text(extract(source, language).text);
}

Attacker Attacker::train(const Writer& writer, const std::vector<Writer>& others,
                         const DistractorTable& table) {
    if (writer.texts.size() < kMinimumTexts) {
        const std::size_t held = writer.texts.size();
        throw std::runtime_error("the profile holds " + std::to_string(held) +
                                 (held == 1 ? " text" : " texts") +
                                 "; the attacker needs at least " + std::to_string(kMinimumTexts) +
                                 " of your other texts");
    }
    const FeatureSpace& space = table.space;
    const int features = static_cast<int>(space.size());
    Attacker attacker(table);

    // Candidates: 0 the writer, then the distractors trained on, then the others.
    std::vector<std::vector<feature_node>> rows;
    std::vector<std::size_t> candidate_of;     // per row
    std::vector<SparseVector> unseen;          // texts of distractor writers left out
    std::vector<SparseVector> writer_vectors;  // kept for the held-out margins below
    for (const std::string& text : writer.texts) {
        writer_vectors.push_back(vector_of(space, text));
        rows.push_back(row(writer_vectors.back(), features));
        candidate_of.push_back(0);
    }
    std::map<std::string, std::vector<std::string>> writers_by_kind;
    for (const DistractorText& text : table.texts) {
        auto& names = writers_by_kind[text.kind];
        if (std::ranges::find(names, text.writer) == names.end()) names.push_back(text.writer);
    }
    std::map<std::string, std::size_t> candidate_by_writer;
    std::set<std::string> left_out;
    for (auto& [kind, names] : writers_by_kind) {
        std::ranges::sort(names);
        std::size_t kept = 0;
        for (std::size_t i = 0; i < names.size(); ++i) {
            if (i % kCalibrationEvery == kCalibrationEvery - 1) {
                left_out.insert(names[i]);
            } else {
                candidate_by_writer.emplace(names[i], 1 + attacker.candidates_.distractors++);
                ++kept;
            }
        }
        attacker.candidates_.distractors_by_kind.emplace_back(kind, kept);
    }
    for (const DistractorText& text : table.texts) {
        SparseVector vector = FeatureSpace::scaled(text.counts);
        if (left_out.contains(text.writer)) {
            unseen.push_back(std::move(vector));
        } else {
            rows.push_back(row(vector, features));
            candidate_of.push_back(candidate_by_writer.at(text.writer));
        }
    }
    for (const Writer& other : others) {
        if (other.texts.empty()) continue;
        const std::size_t candidate =
            1 + attacker.candidates_.distractors + attacker.candidates_.others++;
        for (const std::string& text : other.texts) {
            rows.push_back(row(vector_of(space, text), features));
            candidate_of.push_back(candidate);
        }
    }
    attacker.candidates_.writer_texts = writer.texts.size();

    const std::size_t count = attacker.candidates_.total();
    for (std::size_t candidate = 0; candidate < count; ++candidate) {
        std::vector<bool> mine(rows.size());
        for (std::size_t i = 0; i < rows.size(); ++i) mine[i] = candidate_of[i] == candidate;
        Linear linear = one_against_rest(rows, mine, features);
        attacker.weights_.push_back(std::move(linear.weights));
        attacker.biases_.push_back(linear.bias);
    }

    // The writer's held-out margins: the writer's model trained again without each fold of
    // their texts (the other candidates' models are kept: one text more or less among their
    // negatives moves them little).
    const auto best_other = [&](const SparseVector& vector) {
        const std::vector<double> all = attacker.scores(vector);
        return *std::max_element(all.begin() + 1, all.end());
    };
    std::vector<double> mine_margins;
    const std::size_t folds = std::min(kFolds, writer.texts.size());
    for (std::size_t fold = 0; fold < folds; ++fold) {
        std::vector<std::vector<feature_node>> kept_rows;
        std::vector<bool> mine;
        std::vector<SparseVector> held;
        for (std::size_t i = 0; i < rows.size(); ++i) {
            if (candidate_of[i] == 0 && i % folds == fold) {
                held.push_back(writer_vectors[i]);
                continue;
            }
            kept_rows.push_back(rows[i]);
            mine.push_back(candidate_of[i] == 0);
        }
        const Linear without = one_against_rest(kept_rows, mine, features);
        for (const SparseVector& vector : held)
            mine_margins.push_back(dot(without, vector) - best_other(vector));
    }
    std::vector<double> their_margins;
    for (const SparseVector& vector : unseen) {
        const std::vector<double> all = attacker.scores(vector);
        their_margins.push_back(all[0] - *std::max_element(all.begin() + 1, all.end()));
    }
    if (their_margins.empty()) throw std::runtime_error("the distractor table is empty");
    std::tie(attacker.slope_, attacker.intercept_) = fit_logistic(mine_margins, their_margins);
    return attacker;
}

std::vector<double> Attacker::scores(const SparseVector& vector) const {
    std::vector<double> all(weights_.size());
    for (std::size_t c = 0; c < weights_.size(); ++c) {
        double sum = biases_[c];
        for (std::size_t i = 0; i < vector.index.size(); ++i)
            sum += weights_[c][static_cast<std::size_t>(vector.index[i])] * vector.value[i];
        all[c] = sum;
    }
    return all;
}

Verdict Attacker::judge(std::string_view text, std::span<const Span> sentences) const {
    const FeatureSpace& space = table_->space;
    const std::vector<Occurrence> occurrences = space.occurrences(text);
    const std::unordered_map<int, int> counts = FeatureSpace::counts(occurrences);
    const SparseVector vector = FeatureSpace::scaled(counts);
    const std::vector<double> all = scores(vector);
    Verdict verdict;
    verdict.candidates = all.size();
    verdict.score = all[0];
    verdict.bias = biases_[0];
    verdict.rank =
        1 + static_cast<std::size_t>(std::count_if(all.begin() + 1, all.end(),
                                                   [&](double score) { return score > all[0]; }));
    verdict.margin = all[0] - *std::max_element(all.begin() + 1, all.end());
    verdict.log_odds = slope_ * verdict.margin + intercept_;
    verdict.probability = 1 / (1 + std::exp(-verdict.log_odds));
    verdict.uncertain = table_->closest_kind(space.kind_vector(counts)) < table_->kind_floor;
    verdict.sentences = explain(space, weights_[0], vector, counts, occurrences, text, sentences);
    return verdict;
}

Verdict judge_source(const Attacker& attacker, std::string_view source, Language language) {
    const Document document = make_document(source, language);
    std::vector<Span> sentences;
    for (const Sentence& sentence : document.sentences()) sentences.push_back(sentence.text);
    Verdict verdict = attacker.judge(attacker_text(document.prose.text), sentences);
    for (SentenceEvidence& sentence : verdict.sentences)
        sentence.span = document.prose.to_source(sentence.span);
    return verdict;
}

std::string describe(const Verdict& verdict, const Candidates& candidates) {
    const auto ordinal = [](std::size_t n) {
        const std::size_t tens = n % 100, units = n % 10;
        const char* suffix = (tens >= 11 && tens <= 13) ? "th"
                             : units == 1               ? "st"
                             : units == 2               ? "nd"
                             : units == 3               ? "rd"
                                                        : "th";
        return std::to_string(n) + suffix;
    };
    char probability[16];
    std::snprintf(probability, sizeof probability, "%.2f", verdict.probability);
    std::string said = "An attacker with your " + std::to_string(candidates.writer_texts) +
                       " other texts, choosing among " + std::to_string(verdict.candidates) +
                       " writers, would ";
    if (verdict.probability >= 0.5) {
        said += "pick you: probability " + std::string(probability) + ".";
    } else if (verdict.rank == 1) {
        // First among its writers, yet by far less than the writer's own texts are.
        said +=
            "probably not pick you out: you come first of " + std::to_string(verdict.candidates) +
            ", but by a narrower margin than your own texts do (probability " + probability + ").";
    } else {
        said += "probably not pick you out (you rank " + ordinal(verdict.rank) + " of " +
                std::to_string(verdict.candidates) + "): probability " + probability + ".";
    }
    if (verdict.uncertain) {
        std::string kinds;
        for (std::size_t i = 0; i < candidates.distractors_by_kind.size(); ++i) {
            kinds += i == 0 ? "" : i + 1 == candidates.distractors_by_kind.size() ? " and " : ", ";
            kinds += candidates.distractors_by_kind[i].first;
        }
        said += " Uncertain: this text is unlike all of the attacker's other writers (" + kinds +
                "), so it may be telling kinds of text apart rather than writers; --others with "
                "texts of this kind by other people makes the verdict sound.";
    }
    return said;
}

namespace {

constexpr std::string_view kMagic = "fantasma attacker 2\n";

template <typename T>
void put(std::string& out, const T& value) {
    out.append(reinterpret_cast<const char*>(&value), sizeof value);
}

void put_text(std::string& out, std::string_view text) {
    put(out, static_cast<std::uint64_t>(text.size()));
    out.append(text);
}

// Reads what put() wrote, refusing to read past the end.
struct Reader {
    std::string_view bytes;
    template <typename T>
    T get() {
        if (bytes.size() < sizeof(T)) throw std::runtime_error("the cached attacker is cut short");
        T value;
        std::memcpy(&value, bytes.data(), sizeof value);
        bytes.remove_prefix(sizeof value);
        return value;
    }
    std::string get_text() {
        const auto size = get<std::uint64_t>();
        if (bytes.size() < size) throw std::runtime_error("the cached attacker is cut short");
        std::string text(bytes.substr(0, size));
        bytes.remove_prefix(size);
        return text;
    }
};

}  // namespace

std::string Attacker::save() const {
    std::string out(kMagic);
    put(out, table_->fingerprint);
    put(out, static_cast<std::uint64_t>(candidates_.writer_texts));
    put(out, static_cast<std::uint64_t>(candidates_.distractors));
    put(out, static_cast<std::uint64_t>(candidates_.others));
    put(out, static_cast<std::uint64_t>(candidates_.distractors_by_kind.size()));
    for (const auto& [kind, count] : candidates_.distractors_by_kind) {
        put_text(out, kind);
        put(out, static_cast<std::uint64_t>(count));
    }
    put(out, slope_);
    put(out, intercept_);
    for (std::size_t c = 0; c < weights_.size(); ++c) {
        put(out, biases_[c]);
        out.append(reinterpret_cast<const char*>(weights_[c].data()),
                   weights_[c].size() * sizeof(float));
    }
    return out;
}

Attacker Attacker::load(std::string_view bytes, const DistractorTable& table) {
    if (!bytes.starts_with(kMagic)) throw std::runtime_error("not a cached attacker");
    Reader in{bytes.substr(kMagic.size())};
    if (in.get<std::uint64_t>() != table.fingerprint)
        throw std::runtime_error("the cached attacker was trained on other distractors");
    Attacker attacker(table);
    Candidates& candidates = attacker.candidates_;
    candidates.writer_texts = in.get<std::uint64_t>();
    candidates.distractors = in.get<std::uint64_t>();
    candidates.others = in.get<std::uint64_t>();
    const auto kinds = in.get<std::uint64_t>();
    for (std::uint64_t k = 0; k < kinds; ++k) {
        std::string kind = in.get_text();
        candidates.distractors_by_kind.emplace_back(std::move(kind), in.get<std::uint64_t>());
    }
    attacker.slope_ = in.get<double>();
    attacker.intercept_ = in.get<double>();
    const std::size_t features = table.space.size();
    for (std::size_t c = 0; c < candidates.total(); ++c) {
        attacker.biases_.push_back(in.get<double>());
        if (in.bytes.size() < features * sizeof(float))
            throw std::runtime_error("the cached attacker is cut short");
        std::vector<float> weights(features);
        std::memcpy(weights.data(), in.bytes.data(), features * sizeof(float));
        in.bytes.remove_prefix(features * sizeof(float));
        attacker.weights_.push_back(std::move(weights));
    }
    if (!in.bytes.empty()) throw std::runtime_error("the cached attacker has bytes left over");
    return attacker;
}

}  // namespace fantasma::attacker
