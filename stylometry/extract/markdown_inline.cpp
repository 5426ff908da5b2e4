#include "stylometry/extract/markdown_inline.hpp"

#include <algorithm>

#include "stylometry/extract/markdown_entities.hpp"
#include "stylometry/extract/markdown_lines.hpp"

namespace fantasma::markdown {
namespace {

constexpr std::size_t npos = std::string_view::npos;

bool is_space(char c) {
    return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}
bool is_digit(char c) {
    return c >= '0' && c <= '9';
}
bool is_alpha(char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}
bool is_punct(char c) {
    return (c >= '!' && c <= '/') || (c >= ':' && c <= '@') || (c >= '[' && c <= '`') ||
           (c >= '{' && c <= '~');
}

// `<scheme:...>` (scheme of 2-32 letters, digits, + . -) or `<user@host>`, without spaces.
bool is_autolink(std::string_view inside) {
    if (inside.empty() || inside.find_first_of(" \t\n<") != npos) return false;
    const std::size_t colon = inside.find(':');
    if (colon != npos && colon >= 2 && colon <= 32 && is_alpha(inside[0])) {
        const std::string_view scheme = inside.substr(0, colon);
        return std::ranges::all_of(scheme, [](char c) {
            return is_alpha(c) || is_digit(c) || c == '+' || c == '.' || c == '-';
        });
    }
    const std::size_t at = inside.find('@');
    return at != npos && at > 0 && at + 1 < inside.size() && inside.find('@', at + 1) == npos;
}

}  // namespace

InlineScanner::InlineScanner(std::string_view source, const std::unordered_set<std::string>& labels)
    : source_(source), labels_(labels) {}

void InlineScanner::emit(const Leaf& leaf, ProseBuilder& builder) {
    load(leaf);
    scan(0, text_.size());
    resolve_delimiters();
    flush_items(builder);
    for (const Span aside : asides_) builder.aside(aside.begin, aside.end);
    asides_.clear();
    for (auto& codes : ignores_) builder.ignore_current_block(std::move(codes));
    ignores_.clear();
}

// text_[begin, end) as source spans, one per stretch of consecutive source bytes (a line
// break inside a leaf may stand for a container prefix such as "> ").
void InlineScanner::add_aside(std::size_t begin, std::size_t end) {
    for (std::size_t at = begin; at < end;) {
        std::size_t stop = at + 1;
        while (stop < end && origin_[stop] == origin_[stop - 1] + 1) ++stop;
        asides_.emplace_back(origin_[at], origin_[stop - 1] + 1);
        at = stop;
    }
}

void InlineScanner::load(const Leaf& leaf) {
    text_.clear();
    origin_.clear();
    items_.clear();
    dollar_ = double_dollar_ = angle_close_ = comment_close_ = Search{};
    for (std::size_t i = 0; i < leaf.lines.size(); ++i) {
        const LeafLine& line = leaf.lines[i];
        if (i > 0) {
            const std::size_t previous_break = leaf.lines[i - 1].newline;
            text_ += '\n';
            origin_.push_back(previous_break == npos ? line.begin : previous_break);
        }
        text_.append(source_.substr(line.begin, line.end - line.begin));
        for (std::size_t offset = line.begin; offset < line.end; ++offset)
            origin_.push_back(offset);
    }
    match_brackets();
    backtick_runs_.clear();
    for (std::size_t i = 0; i < text_.size();) {
        if (text_[i] != '`') {
            ++i;
            continue;
        }
        std::size_t length = 0;
        while (i + length < text_.size() && text_[i + length] == '`') ++length;
        backtick_runs_[length].push_back(i);
        i += length;
    }
}

// Matches [ ] and ( ) pairs in one pass with two stacks; escaped ones do not count.
void InlineScanner::match_brackets() {
    bracket_match_.assign(text_.size(), npos);
    paren_match_.assign(text_.size(), npos);
    std::vector<std::size_t> brackets;
    std::vector<std::size_t> parens;
    for (std::size_t i = 0; i < text_.size(); ++i) {
        const char c = text_[i];
        if (c == '\\') {
            ++i;
        } else if (c == '[') {
            brackets.push_back(i);
        } else if (c == ']' && !brackets.empty()) {
            bracket_match_[brackets.back()] = i;
            brackets.pop_back();
        } else if (c == '(') {
            parens.push_back(i);
        } else if (c == ')' && !parens.empty()) {
            paren_match_[parens.back()] = i;
            parens.pop_back();
        }
    }
}

void InlineScanner::scan(std::size_t begin, std::size_t end, int depth) {
    // Links inside links are not CommonMark, but they are read as such up to this depth; a
    // hostile document nesting 100,000 of them must not exhaust the stack.
    constexpr int kMaxLinkNesting = 16;
    std::size_t plain = begin;  // start of the pending run of plain text
    const auto flush = [&](std::size_t upto) {
        if (upto > plain) items_.push_back(Item::text(plain, upto));
    };
    // Replaces text_[from, to) by the items the caller pushed, resuming plain text at `to`.
    const auto skip_to = [&](std::size_t to) { plain = to; };
    std::size_t i = begin;
    while (i < end) {
        const char c = text_[i];
        std::size_t after = 0;
        std::size_t text_end = 0;
        if (c == '\\' && i + 1 < end && (is_punct(text_[i + 1]) || text_[i + 1] == '\n')) {
            flush(i);  // the escaped byte (or the hard break's "\n") stays, the backslash goes
            skip_to(i + 1);
            i += 2;
        } else if (c == '`') {
            std::size_t length = 0;
            while (i + length < end && text_[i + length] == '`') ++length;
            if (code_span(i, end, after)) {
                flush(i);
                skip_to(i = after);
            } else {
                i += length;
            }
        } else if (c == '$') {
            if (math(i, end, after)) {
                flush(i);
                skip_to(i = after);
            } else {
                i += i + 1 < end && text_[i + 1] == '$' ? 2 : 1;
            }
        } else if (c == '<') {
            Span url;
            if (angle(i, end, after, url)) {
                flush(i);
                if (!url.empty()) items_.push_back(Item::text(url.begin, url.end));
                for (const Span alt : img_alt_values(text_, i, after))
                    add_aside(alt.begin, alt.end);
                skip_to(i = after);
            } else {
                ++i;
            }
        } else if (c == '&') {
            std::string decoded;
            if (entity(i, end, after, decoded)) {
                flush(i);
                Item item = Item::text(i, after);
                item.kind = Item::Kind::Synthetic;
                item.replacement = std::move(decoded);
                items_.push_back(std::move(item));
                skip_to(i = after);
            } else {
                ++i;
            }
        } else if (c == '!' && i + 1 < end && text_[i + 1] == '[' &&
                   link(i + 1, end, text_end, after)) {
            flush(i);  // images: not prose, but readers see the alt text (an aside)
            add_aside(i + 2, text_end);
            skip_to(i = after);
        } else if (c == '[' && link(i, end, text_end, after)) {
            flush(i);
            if (i + 1 < end && text_[i + 1] != '^') {
                if (depth < kMaxLinkNesting)
                    scan(i + 1, text_end, depth + 1);
                else
                    items_.push_back(Item::text(i + 1, text_end));
            }
            skip_to(i = after);
        } else if (c == '*' || c == '_' || c == '~') {
            std::size_t length = 0;
            while (i + length < end && text_[i + length] == c) ++length;
            flush(i);
            delimiter_run(i, length);
            skip_to(i += length);
        } else {
            ++i;
        }
    }
    flush(end);
}

bool InlineScanner::code_span(std::size_t at, std::size_t end, std::size_t& after) {
    std::size_t length = 0;
    while (at + length < text_.size() && text_[at + length] == '`') ++length;
    const auto found = backtick_runs_.find(length);
    if (found == backtick_runs_.end()) return false;
    const auto& runs = found->second;
    const auto closer = std::upper_bound(runs.begin(), runs.end(), at);
    if (closer == runs.end() || *closer + length > end) return false;
    after = *closer + length;
    return true;
}

// $inline$ (no space inside either dollar, no digit after the closing one) and $$display$$.
bool InlineScanner::math(std::size_t at, std::size_t end, std::size_t& after) {
    if (at + 1 < end && text_[at + 1] == '$') {
        const std::size_t close = find_from(double_dollar_, at + 2, [&](std::size_t j) {
            return text_[j] == '$' && j + 1 < text_.size() && text_[j + 1] == '$';
        });
        if (close == npos || close + 2 > end) return false;
        after = close + 2;
        return true;
    }
    if (at + 1 >= end || is_space(text_[at + 1])) return false;
    const std::size_t close = find_from(dollar_, at + 2, [&](std::size_t j) {
        return text_[j] == '$' && !is_space(text_[j - 1]) && text_[j - 1] != '\\' &&
               (j + 1 >= text_.size() || !is_digit(text_[j + 1]));
    });
    if (close == npos || close >= end) return false;
    after = close + 1;
    return true;
}

// Raw HTML (tags, comments, processing instructions) or an autolink, whose URL goes to `url`.
bool InlineScanner::angle(std::size_t at, std::size_t end, std::size_t& after, Span& url) {
    const std::string_view rest = std::string_view(text_).substr(at, end - at);
    if (rest.starts_with("<!--")) {
        const std::size_t close = find_from(comment_close_, at + 4, [&](std::size_t j) {
            return std::string_view(text_).substr(j, 3) == "-->";
        });
        if (close == npos || close + 3 > end) return false;
        std::vector<std::string> codes;
        if (ignore_directive(std::string_view(text_).substr(at + 4, close - at - 4), codes)) {
            ignores_.push_back(std::move(codes));
        }
        after = close + 3;
        url = {};
        return true;
    }
    const std::size_t close =
        find_from(angle_close_, at + 1, [&](std::size_t j) { return text_[j] == '>'; });
    if (close == npos || close >= end) return false;
    const std::string_view inside = std::string_view(text_).substr(at + 1, close - at - 1);
    after = close + 1;
    if (is_autolink(inside)) {
        url = {at + 1, close};
        return true;
    }
    url = {};
    if (inside.empty()) return false;
    const char first = inside[0];
    if (is_alpha(first) || first == '?' || first == '!') return true;
    return first == '/' && inside.size() > 1 && is_alpha(inside[1]);
}

bool InlineScanner::entity(std::size_t at, std::size_t end, std::size_t& after,
                           std::string& decoded) const {
    std::size_t length = 0;
    if (!decode_entity(std::string_view(text_).substr(at, end - at), length, decoded)) {
        return false;
    }
    after = at + length;
    return true;
}

// `[text](target)`, `[text][label]`, `[text][]`, `[label]` (a defined label) or `[^note]`:
// sets `text_end` to the closing bracket and `after` past the whole link.
bool InlineScanner::link(std::size_t at, std::size_t end, std::size_t& text_end,
                         std::size_t& after) const {
    const std::size_t close = bracket_match_[at];
    if (close == npos || close >= end) return false;
    text_end = close;
    const std::size_t next = close + 1;
    if (at + 1 < close && text_[at + 1] == '^') {
        after = next;
        return true;
    }
    if (next < end && text_[next] == '(' && paren_match_[next] != npos &&
        paren_match_[next] < end) {
        after = paren_match_[next] + 1;
        return true;
    }
    if (next < end && text_[next] == '[' && bracket_match_[next] != npos &&
        bracket_match_[next] < end) {
        const std::size_t label_close = bracket_match_[next];
        const bool collapsed = label_close == next + 1;
        if (collapsed ? defined_label(at + 1, close) : defined_label(next + 1, label_close)) {
            after = label_close + 1;
            return true;
        }
    }
    if (defined_label(at + 1, close)) {
        after = next;
        return true;
    }
    return false;
}

bool InlineScanner::defined_label(std::size_t begin, std::size_t end) const {
    if (labels_.empty() || begin >= end) return false;
    return labels_.contains(normalize_label(std::string_view(text_).substr(begin, end - begin)));
}

template <typename Match>
std::size_t InlineScanner::find_from(Search& cache, std::size_t from, Match is_match) const {
    // The predicate does not depend on `from`, so an earlier answer still holds when `from`
    // has not passed it.
    if (cache.from != npos && from >= cache.from && (cache.found == npos || from <= cache.found)) {
        return cache.found;
    }
    std::size_t j = from;
    while (j < text_.size() && !is_match(j)) ++j;
    cache = {from, j < text_.size() ? j : npos};
    return cache.found;
}

}  // namespace fantasma::markdown
