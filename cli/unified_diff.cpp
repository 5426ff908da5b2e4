#include "cli/unified_diff.hpp"

#include <algorithm>

namespace fantasma::cli {

namespace {

constexpr std::size_t kContext = 3;

// Lines with their '\n' (the last may lack one).
std::vector<std::string_view> split_lines(std::string_view text) {
    std::vector<std::string_view> lines;
    std::size_t at = 0;
    while (at < text.size()) {
        const std::size_t newline = text.find('\n', at);
        const std::size_t end = newline == std::string_view::npos ? text.size() : newline + 1;
        lines.push_back(text.substr(at, end - at));
        at = end;
    }
    return lines;
}

// Consecutive source lines [first, last] replaced by `new_lines`.
struct Change {
    std::size_t first = 0;
    std::size_t last = 0;
    std::vector<TextEdit> edits;
    std::vector<std::string_view> new_lines;
    std::string new_text;  // owns what new_lines view
};

void append_line(std::string& out, char prefix, std::string_view line) {
    out += prefix;
    out += line;
    if (line.empty() || line.back() != '\n') out += "\n\\ No newline at end of file\n";
}

std::string range_header(std::size_t start, std::size_t count) {
    // An empty range names the line before it, as diff does.
    return std::to_string(count == 0 ? start : start + 1) + "," + std::to_string(count);
}

}  // namespace

std::string unified_diff(std::string_view path, std::string_view source,
                         const std::vector<TextEdit>& edits) {
    if (edits.empty()) return {};
    const std::vector<std::string_view> lines = split_lines(source);
    std::vector<std::size_t> starts;
    for (const std::string_view line : lines) {
        starts.push_back(static_cast<std::size_t>(line.data() - source.data()));
    }
    const auto line_of = [&](std::size_t offset) -> std::size_t {
        if (starts.empty()) return 0;
        const auto after = std::upper_bound(starts.begin(), starts.end(), offset);
        return static_cast<std::size_t>(after - starts.begin()) - 1;
    };

    std::vector<Change> changes;
    for (const TextEdit& edit : edits) {
        const std::size_t first = line_of(edit.source.begin);
        const std::size_t last =
            line_of(edit.source.empty() ? edit.source.begin : edit.source.end - 1);
        if (!changes.empty() && first <= changes.back().last) {
            changes.back().last = std::max(changes.back().last, last);
            changes.back().edits.push_back(edit);
        } else {
            changes.push_back(Change{first, last, {edit}, {}, {}});
        }
    }
    for (Change& change : changes) {
        const std::size_t begin = starts.empty() ? 0 : starts[change.first];
        const std::size_t end =
            change.last + 1 < starts.size() ? starts[change.last + 1] : source.size();
        std::vector<TextEdit> local = change.edits;
        for (TextEdit& edit : local)
            edit.source = Span(edit.source.begin - begin, edit.source.end - begin);
        change.new_text = apply_edits(source.substr(begin, end - begin), local);
        change.new_lines = split_lines(change.new_text);
    }

    std::string out = "--- a/" + std::string(path) + "\n+++ b/" + std::string(path) + "\n";
    std::ptrdiff_t line_shift = 0;  // new line number minus old, before the current hunk
    for (std::size_t next = 0; next < changes.size();) {
        std::size_t last_change = next;
        while (last_change + 1 < changes.size() &&
               changes[last_change + 1].first - changes[last_change].last - 1 <= 2 * kContext) {
            ++last_change;
        }
        const std::size_t old_begin = changes[next].first - std::min(kContext, changes[next].first);
        const std::size_t old_end =
            std::min(lines.size(), changes[last_change].last + 1 + kContext);
        std::string body;
        std::size_t at = old_begin;
        std::ptrdiff_t hunk_shift = 0;
        for (std::size_t i = next; i <= last_change; ++i) {
            const Change& change = changes[i];
            for (; at < change.first; ++at) append_line(body, ' ', lines[at]);
            for (; at <= change.last && at < lines.size(); ++at) append_line(body, '-', lines[at]);
            for (const std::string_view line : change.new_lines) append_line(body, '+', line);
            hunk_shift += static_cast<std::ptrdiff_t>(change.new_lines.size()) -
                          static_cast<std::ptrdiff_t>(change.last + 1 - change.first);
        }
        for (; at < old_end; ++at) append_line(body, ' ', lines[at]);
        const std::size_t old_count = old_end - old_begin;
        const std::size_t new_count =
            static_cast<std::size_t>(static_cast<std::ptrdiff_t>(old_count) + hunk_shift);
        const auto new_begin =
            static_cast<std::size_t>(static_cast<std::ptrdiff_t>(old_begin) + line_shift);
        out += "@@ -" + range_header(old_begin, old_count) + " +" +
               range_header(new_begin, new_count) + " @@\n" + body;
        line_shift += hunk_shift;
        next = last_change + 1;
    }
    return out;
}

}  // namespace fantasma::cli
