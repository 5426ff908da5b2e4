#include "stylometry/rewrite/model_pass.hpp"

#include <algorithm>
#include <cctype>
#include <cstdint>
#include <set>
#include <stdexcept>

#include "stylometry/analyzer.hpp"
#include "stylometry/rewrite/faithfulness.hpp"

namespace fantasma {

namespace {

constexpr std::string_view kModelCode = "model-rewrite";

bool is_space(char c) {
    return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}
bool is_continuation(char c) {
    return (static_cast<unsigned char>(c) & 0xC0) == 0x80;
}

std::string_view trim(std::string_view text) {
    while (!text.empty() && is_space(text.front())) text.remove_prefix(1);
    while (!text.empty() && is_space(text.back())) text.remove_suffix(1);
    return text;
}

// Where the range ends once the deterministic edits (all inside it) are applied.
Span shifted_range(Span range, const std::vector<TextEdit>& edits) {
    std::ptrdiff_t delta = 0;
    for (const TextEdit& edit : edits)
        delta += static_cast<std::ptrdiff_t>(edit.new_text.size()) -
                 static_cast<std::ptrdiff_t>(edit.source.size());
    return Span(range.begin,
                static_cast<std::size_t>(static_cast<std::ptrdiff_t>(range.end) + delta));
}

// The non-identity markers of the passage, one per code, in document order.
std::vector<MarkerToRemove> markers_in(const Report& report, Span passage) {
    std::vector<MarkerToRemove> markers;
    std::set<std::string> codes;
    for (const Marker& marker : report.markers) {
        if (marker.identity || marker.spans.empty()) continue;
        const Span span = marker.spans.front();
        if (span.begin < passage.begin || span.end > passage.end) continue;
        if (codes.insert(marker.code).second) markers.push_back({marker.code, marker.message});
    }
    return markers;
}

Verdict verdict_of(Unfaithful reason) {
    switch (reason) {
        case Unfaithful::ChangedNumber:
            return Verdict::ChangedNumber;
        case Unfaithful::ChangedName:
            return Verdict::ChangedName;
        case Unfaithful::DroppedContent:
            return Verdict::DroppedContent;
    }
    return Verdict::DroppedContent;
}

// Words (letters, digits, any non-ASCII character), runs of whitespace, and single other
// bytes: the units a rewrite is diffed in.
std::vector<Span> diff_tokens(std::string_view text) {
    const auto kind = [](char c) {
        if (is_space(c)) return 1;
        const auto byte = static_cast<unsigned char>(c);
        if (byte >= 0x80 || std::isalnum(byte)) return 2;
        return 3;
    };
    std::vector<Span> tokens;
    for (std::size_t at = 0; at < text.size();) {
        const int first = kind(text[at]);
        std::size_t end = at + 1;
        if (first != 3)
            while (end < text.size() && kind(text[end]) == first) ++end;
        tokens.emplace_back(at, end);
        at = end;
    }
    return tokens;
}

// Paragraphs are a few hundred tokens; past this the diff is one edit.
constexpr std::size_t kMaxDiffCells = 4'000'000;

// One edit replacing `old_part` of `before` by `new_part` of `after`, less the bytes both
// begin and end with (whole characters only).
void append_trimmed(std::vector<TextEdit>& edits, std::string_view before, std::string_view after,
                    Span old_part, Span new_part, std::size_t offset, const std::string& code) {
    std::size_t prefix = 0;
    const std::size_t shorter = std::min(old_part.size(), new_part.size());
    while (prefix < shorter && before[old_part.begin + prefix] == after[new_part.begin + prefix])
        ++prefix;
    while (prefix > 0 && old_part.begin + prefix < before.size() &&
           is_continuation(before[old_part.begin + prefix]))
        --prefix;
    std::size_t suffix = 0;
    while (suffix < shorter - prefix &&
           before[old_part.end - 1 - suffix] == after[new_part.end - 1 - suffix])
        ++suffix;
    while (suffix > 0 && is_continuation(before[old_part.end - suffix])) --suffix;
    if (prefix + suffix == old_part.size() && prefix + suffix == new_part.size()) return;
    edits.push_back(TextEdit{
        Span(offset + old_part.begin + prefix, offset + old_part.end - suffix),
        std::string(after.substr(new_part.begin + prefix, new_part.size() - prefix - suffix)),
        code});
}

}  // namespace

std::string_view verdict_name(Verdict verdict) {
    switch (verdict) {
        case Verdict::Best:
            return "best";
        case Verdict::Improves:
            return "improves";
        case Verdict::NoImprovement:
            return "no improvement";
        case Verdict::LostPlaceholder:
            return "lost a placeholder";
        case Verdict::ChangedNumber:
            return "changed a number";
        case Verdict::ChangedName:
            return "changed a name";
        case Verdict::DroppedContent:
            return "dropped content words";
        case Verdict::ChangedMarkup:
            return "changed the markup";
        case Verdict::Empty:
            return "empty";
    }
    return "unknown";
}

RewritePrompt rewrite_prompt(std::string_view passage, const std::vector<MarkerToRemove>& markers) {
    RewritePrompt prompt;
    prompt.system =
        "You rewrite text in a plain, neutral style so that its writer cannot be recognised "
        "by their habits. Keep the meaning, every fact, every number and every name. Keep "
        "every placeholder such as \u27e61\u27e7 exactly as it is, once, where it belongs. "
        "Answer with the rewritten text only.";
    prompt.user = "Rewrite this passage in a neutral style.\n";
    if (!markers.empty()) {
        prompt.user += "Remove these habits that identify the writer:\n";
        for (const MarkerToRemove& marker : markers)
            prompt.user += "- " + marker.code + ": " + marker.message + "\n";
    }
    prompt.user += "\nPassage:\n";
    prompt.user += passage;
    prompt.passage = passage;
    return prompt;
}

std::vector<TextEdit> difference_edits(std::string_view before, std::string_view after,
                                       std::size_t offset, const std::string& code) {
    const std::vector<Span> old_tokens = diff_tokens(before);
    const std::vector<Span> new_tokens = diff_tokens(after);
    const std::size_t rows = old_tokens.size(), columns = new_tokens.size();
    std::vector<TextEdit> edits;
    if (rows * columns > kMaxDiffCells) {
        append_trimmed(edits, before, after, Span(0, before.size()), Span(0, after.size()), offset,
                       code);
        return edits;
    }
    // common[i][j]: the longest common subsequence of old tokens from i and new tokens from j.
    std::vector<std::uint32_t> common((rows + 1) * (columns + 1), 0);
    const auto at = [&](std::size_t i, std::size_t j) -> std::uint32_t& {
        return common[i * (columns + 1) + j];
    };
    const auto same = [&](std::size_t i, std::size_t j) {
        return before.substr(old_tokens[i].begin, old_tokens[i].size()) ==
               after.substr(new_tokens[j].begin, new_tokens[j].size());
    };
    for (std::size_t i = rows; i-- > 0;)
        for (std::size_t j = columns; j-- > 0;)
            at(i, j) = same(i, j) ? at(i + 1, j + 1) + 1 : std::max(at(i + 1, j), at(i, j + 1));
    // Walk the table; each run of unmatched tokens on either side becomes one edit.
    std::size_t i = 0, j = 0, old_start = 0, new_start = 0;
    const auto flush = [&](std::size_t old_end, std::size_t new_end) {
        if (old_end > old_start || new_end > new_start)
            append_trimmed(edits, before, after, Span(old_start, old_end), Span(new_start, new_end),
                           offset, code);
    };
    while (i < rows || j < columns) {
        if (i < rows && j < columns && same(i, j)) {
            flush(old_tokens[i].begin, new_tokens[j].begin);
            old_start = old_tokens[i].end;
            new_start = new_tokens[j].end;
            ++i, ++j;
        } else if (j < columns && (i == rows || at(i, j + 1) >= at(i + 1, j))) {
            ++j;
        } else {
            ++i;
        }
    }
    flush(before.size(), after.size());
    return edits;
}

// What a candidate must beat: the document's bits and, with an aim, the attacker's chance.
struct ToBeat {
    double bits = 0;
    const RewriteAim* aim = nullptr;
    double attacker = 0;
};

CandidateJudgement judge_candidate(std::string raw, std::string_view document, Span passage,
                                   const ProtectedPassage& protected_passage, const ToBeat& to_beat,
                                   double max_dropped_share, Language language,
                                   const Analyzer& analyzer) {
    CandidateJudgement judgement;
    judgement.raw = std::move(raw);
    const std::string_view answer = trim(judgement.raw);
    if (answer.empty()) return judgement;  // Verdict::Empty
    const std::optional<std::string> restored = restore(answer, protected_passage);
    if (!restored) {
        judgement.verdict = Verdict::LostPlaceholder;
        return judgement;
    }
    // The passage keeps its own surrounding whitespace; the model's is trimmed.
    const std::string_view original = document.substr(passage.begin, passage.size());
    const std::size_t first = original.find_first_not_of(" \t\r\n");
    const std::size_t lead = first == std::string_view::npos ? original.size() : first;
    const std::size_t trail = first == std::string_view::npos
                                  ? 0
                                  : original.size() - 1 - original.find_last_not_of(" \t\r\n");
    judgement.text = std::string(original.substr(0, lead)) + *restored +
                     std::string(original.substr(original.size() - trail));
    if (const auto reason = unfaithful(original, judgement.text, max_dropped_share)) {
        judgement.verdict = verdict_of(*reason);
        return judgement;
    }
    const std::vector<TextEdit> edits =
        difference_edits(original, judgement.text, passage.begin, std::string(kModelCode));
    if (!keeps_non_prose(document, edits, language)) {
        judgement.verdict = Verdict::ChangedMarkup;
        return judgement;
    }
    AnalysisOptions analysis;
    analysis.language = language;
    const std::string candidate = apply_edits(document, edits);
    judgement.bits = analyzer.analyze(candidate, analysis).total_bits;
    bool improves = judgement.bits < to_beat.bits;
    if (to_beat.aim) {
        // Aimed: it must lower the attacker's chance, and may not raise the bits.
        judgement.attacker = to_beat.aim->probability(candidate);
        improves = judgement.attacker < to_beat.attacker && judgement.bits <= to_beat.bits;
    }
    judgement.verdict = improves ? Verdict::Improves : Verdict::NoImprovement;
    return judgement;
}

std::vector<std::string> CandidateGenerator::generate_candidates(
    const RewritePrompt& prompt, std::span<const std::uint64_t> seeds, std::stop_token stop,
    const TokenProgress& on_token) {
    std::vector<std::string> candidates;
    for (std::size_t index = 0; index < seeds.size() && !stop.stop_requested(); ++index) {
        const auto progress = [&](std::size_t tokens) {
            if (on_token) on_token(index, tokens);
        };
        std::string text = generate(prompt, seeds[index], stop, progress);
        if (stop.stop_requested()) break;
        candidates.push_back(std::move(text));
    }
    return candidates;
}

ModelRewriteResult model_rewrite(std::string_view source, const ModelRewriteOptions& options,
                                 const Analyzer& analyzer, CandidateGenerator& generator) {
    if (!options.rewrite.range)
        throw std::invalid_argument("the model rewrite needs a passage: a sentence or paragraph");
    ModelRewriteResult result;
    result.deterministic = rewrite(source, options.rewrite, analyzer);
    result.rewrite = result.deterministic;
    const std::string& start = result.deterministic.text;
    const Span passage = shifted_range(*options.rewrite.range, result.deterministic.edits);
    if (trim(std::string_view(start).substr(passage.begin, passage.size())).empty()) return result;

    AnalysisOptions analysis;
    analysis.language = options.rewrite.language;
    const Report report = analyzer.analyze(start, analysis);
    const ProtectedPassage protected_passage = protect(start, passage, options.rewrite.language);
    const RewritePrompt prompt =
        rewrite_prompt(protected_passage.text, markers_in(report, passage));

    std::vector<std::uint64_t> seeds(options.candidates);
    for (std::size_t index = 0; index < seeds.size(); ++index) seeds[index] = options.seed + index;
    std::vector<std::string> raws =
        generator.generate_candidates(prompt, seeds, options.stop, options.on_token);
    if (options.stop.stop_requested()) {
        result.cancelled = true;
        return result;
    }
    ToBeat to_beat{report.total_bits, options.rewrite.aim, 0};
    if (to_beat.aim) to_beat.attacker = result.deterministic.attacker_after;
    for (std::string& raw : raws)
        result.candidates.push_back(
            judge_candidate(std::move(raw), start, passage, protected_passage, to_beat,
                            options.max_dropped_share, options.rewrite.language, analyzer));

    // The fewest bits wins; aimed, the lowest chance of the attacker picking the writer.
    const auto better = [&](const CandidateJudgement& a, const CandidateJudgement& b) {
        return to_beat.aim ? a.attacker < b.attacker : a.bits < b.bits;
    };
    CandidateJudgement* best = nullptr;
    for (CandidateJudgement& candidate : result.candidates)
        if (candidate.verdict == Verdict::Improves && (!best || better(candidate, *best)))
            best = &candidate;
    if (!best) return result;
    best->verdict = Verdict::Best;
    result.model_won = true;
    const Span range = *options.rewrite.range;
    result.rewrite.edits = difference_edits(source.substr(range.begin, range.size()), best->text,
                                            range.begin, std::string(kModelCode));
    result.rewrite.text = apply_edits(source, result.rewrite.edits);
    result.rewrite.bits_after = best->bits;
    if (to_beat.aim) result.rewrite.attacker_after = best->attacker;
    return result;
}

}  // namespace fantasma
