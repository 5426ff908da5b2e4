#include "stylometry/leaks/review_template.hpp"

#include <algorithm>
#include <vector>

#include "stylometry/leaks/latex_source.hpp"

namespace fantasma::leaks {
namespace {

// The comma-separated entries of `list` in `source`, trimmed, each up to its '=': "sigconf,
// review, year=2024" gives sigconf, review, year; "iclr2025_conference,times" two packages.
std::vector<std::string_view> list_entries(std::string_view source, Span list) {
    std::vector<std::string_view> entries;
    std::size_t begin = list.begin;
    for (std::size_t i = list.begin; i <= list.end; ++i) {
        if (i < list.end && source[i] != ',') continue;
        Span entry = trimmed(source, {begin, i});
        const std::size_t equals = source.substr(entry.begin, entry.size()).find('=');
        if (equals != std::string_view::npos) {
            entry = trimmed(source, {entry.begin, entry.begin + equals});
        }
        if (!entry.empty()) entries.push_back(source.substr(entry.begin, entry.size()));
        begin = i + 1;
    }
    return entries;
}

// Style packages whose `review` option prints the anonymous, line-numbered submission.
constexpr std::string_view kAnonymousReviewPackages[] = {"acl", "cvpr", "iccv", "wacv", "eccv"};

// The text before \begin{document}, or all of it when there is none.
std::string_view preamble_of(std::string_view source) {
    constexpr std::string_view kBegin = "\\begin{document}";
    for (std::size_t at = source.find(kBegin); at != std::string_view::npos;
         at = source.find(kBegin, at + 1)) {
        if (!commented_out(source, at)) return source.substr(0, at);
    }
    return source;
}

}  // namespace

ReviewTemplate review_template(std::string_view latex_source) {
    const std::string_view preamble = preamble_of(latex_source);
    constexpr CommandSpec kSetup[] = {
        {"documentclass", 1}, {"usepackage", 1}, {"iclrfinalcopy", 0}};
    const std::vector<LatexCommand> commands = find_commands(preamble, kSetup);
    const bool iclr_final = std::ranges::any_of(
        commands, [](const LatexCommand& command) { return command.name == "iclrfinalcopy"; });

    ReviewTemplate found;
    // The first reason found, unless a later one also hides the authors.
    const auto found_one = [&](bool hides_authors, std::string reason) {
        if (found.review_copy && (found.hides_authors || !hides_authors)) return;
        found = {true, hides_authors, std::move(reason)};
    };
    for (const LatexCommand& command : commands) {
        if (command.arguments.empty()) continue;
        std::vector<std::string_view> options;
        for (const Span list : command.options) {
            for (std::string_view option : list_entries(preamble, list)) options.push_back(option);
        }
        const auto has = [&](std::string_view option) {
            return std::ranges::find(options, option) != options.end();
        };
        const bool is_class = command.name == "documentclass";
        for (const std::string_view name : list_entries(preamble, command.arguments.front())) {
            const std::string whose = std::string(name) + "'s ";
            // acmart and LIPIcs print "Anonymous Author(s)" in place of the block.
            if (has("anonymous")) {
                found_one(is_class && (name == "acmart" || name.starts_with("lipics")),
                          whose + "anonymous option");
            }
            // COLT's classes: "author names withheld".
            if (is_class && name.starts_with("colt") && has("anon")) {
                found_one(true, whose + "anon option");
            }
            if (is_class && name == "acmart" && has("review"))
                found_one(false, whose + "review option");
            if (is_class && name == "IEEEtran") {
                if (has("peerreview")) found_one(false, whose + "peerreview option");
                if (has("peerreviewca")) found_one(false, whose + "peerreviewca option");
            }
            if (is_class) continue;  // elsarticle's `review` only changes the spacing
            if (has("review")) {
                found_one(std::ranges::find(kAnonymousReviewPackages, name) !=
                              std::end(kAnonymousReviewPackages),
                          whose + "review option");
            }
            if (name.starts_with("aaai") && has("submission")) {
                found_one(true, whose + "submission option");
            }
            if (name.starts_with("neurips") && !has("final") && !has("preprint")) {
                found_one(true, std::string(name) + " without its final or preprint option");
            }
            if (name.starts_with("icml") && !has("accepted")) {
                found_one(true, std::string(name) + " without its accepted option");
            }
            if (name.starts_with("iclr") && !iclr_final) {
                found_one(true, std::string(name) + " without \\iclrfinalcopy");
            }
        }
    }
    return found;
}

}  // namespace fantasma::leaks
