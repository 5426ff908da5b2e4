#include "cli/rewrite_command.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli/language_option.hpp"

#include <CLI/CLI.hpp>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <iomanip>
#include <iostream>
#include <optional>
#include <regex>
#include <stdexcept>

#include "attacker/aim.hpp"
#include "cli/engine_options.hpp"
#include "cli/unified_diff.hpp"
#include "generator/engine_generator.hpp"
#include "stylometry/analyzer.hpp"
#include "stylometry/extract/extract.hpp"
#include "stylometry/profile.hpp"
#include "stylometry/rewrite/model_pass.hpp"
#include "stylometry/rewrite/rewrite.hpp"
#include "stylometry/source_file.hpp"

namespace fantasma::cli {

namespace {

namespace fs = std::filesystem;

// The exit status of a rewrite refused because every edit it found raised the score.
constexpr int kRewriteRefused = 3;

// The byte offset of 1-based `line` and `column` (in characters); a column past the line's
// end means its end.
std::size_t offset_of(std::string_view source, std::size_t line, std::size_t column) {
    std::size_t at = 0;
    for (std::size_t current = 1; current < line; ++current) {
        const std::size_t newline = source.find('\n', at);
        if (newline == std::string_view::npos) {
            throw std::runtime_error("line " + std::to_string(line) +
                                     " is past the end of the document (" +
                                     std::to_string(current) + " lines)");
        }
        at = newline + 1;
    }
    for (std::size_t character = 1; character < column && at < source.size() && source[at] != '\n';
         ++character) {
        ++at;
        while (at < source.size() && (static_cast<unsigned char>(source[at]) & 0xC0) == 0x80) ++at;
    }
    return at;
}

// "L:C-L:C" as a source byte range; the end position is the one just past the last
// character, as an editor's selection ends.
Span parse_range(std::string_view source, const std::string& range) {
    static const std::regex pattern(R"((\d+):(\d+)-(\d+):(\d+))");
    std::smatch match;
    if (!std::regex_match(range, match, pattern)) {
        throw std::runtime_error("--range '" + range +
                                 "' is not LINE:COLUMN-LINE:COLUMN (1-based, as check prints)");
    }
    const auto number = [&](int group) {
        const std::size_t value = std::stoul(match[group].str());
        if (value == 0) throw std::runtime_error("--range lines and columns start at 1");
        return value;
    };
    const std::size_t begin = offset_of(source, number(1), number(2));
    const std::size_t end = offset_of(source, number(3), number(4));
    if (end < begin) throw std::runtime_error("--range ends before it begins");
    return Span(begin, end);
}

Span paragraph_range(std::string_view source, Language language, std::size_t paragraph) {
    const Prose prose = extract(source, language);
    if (paragraph == 0 || paragraph > prose.blocks.size()) {
        throw std::runtime_error(
            "--paragraph " + std::to_string(paragraph) + " does not exist: the document has " +
            std::to_string(prose.blocks.size()) + " paragraphs (headings and list items count)");
    }
    return prose.to_source(prose.blocks[paragraph - 1].text);
}

std::string system_error(const std::string& what) {
    return what + ": " + std::strerror(errno);
}

// Replaces `path` with `bytes` through a temporary file in the same folder and a rename, so
// that a reader sees the old or the new document, never half of one, and any failure leaves
// the original as it was. The original's permissions are kept; a symbolic link is followed.
void write_atomically(const fs::path& path, std::string_view bytes) {
    const fs::path target = fs::canonical(path);
    struct stat original {};
    if (::stat(target.c_str(), &original) != 0)
        throw std::runtime_error(system_error("cannot stat"));
    std::string temporary =
        (target.parent_path() / ("." + target.filename().string() + ".fantasma-XXXXXX")).string();
    const int fd = ::mkstemp(temporary.data());
    if (fd < 0) {
        throw std::runtime_error(
            system_error("cannot create a temporary file in " + target.parent_path().string()));
    }
    try {
        for (std::size_t written = 0; written < bytes.size();) {
            const ssize_t n = ::write(fd, bytes.data() + written, bytes.size() - written);
            if (n < 0 && errno == EINTR) continue;
            if (n < 0)
                throw std::runtime_error(system_error("cannot write the rewritten document"));
            written += static_cast<std::size_t>(n);
        }
        if (::fchmod(fd, original.st_mode & 07777) != 0) {
            throw std::runtime_error(system_error("cannot keep the file's permissions"));
        }
        if (::fsync(fd) != 0) throw std::runtime_error(system_error("cannot flush to disk"));
        const int closed = ::close(fd);
        if (closed != 0) throw std::runtime_error(system_error("cannot close the temporary file"));
    } catch (...) {
        ::close(fd);
        ::unlink(temporary.c_str());
        throw;
    }
    if (::rename(temporary.c_str(), target.c_str()) != 0) {
        const std::string message = system_error("cannot replace the file");
        ::unlink(temporary.c_str());
        throw std::runtime_error(message);
    }
}

// The model pass over the range, with one progress line per candidate on `err`.
RewriteResult rewrite_with_model(const std::string& source, const RewriteOptions& rewrite_options,
                                 const RewriteCommandOptions& options, const Analyzer& analyzer,
                                 std::ostream& err) {
    err << "fantasma: loading " << options.model << '\n';
    rewriter::EngineGenerator generator(options.model, backend_options(options.backend));
    if (!generator.backend_note().empty()) err << "fantasma: " << generator.backend_note() << '\n';
    ModelRewriteOptions model_options;
    model_options.rewrite = rewrite_options;
    model_options.candidates = options.candidates;
    model_options.seed = options.seed;
    std::vector<std::size_t> tokens(options.candidates, 0);
    model_options.on_token = [&](std::size_t candidate, std::size_t count) {
        tokens[candidate] = count;
        if (count % 32 == 0)
            err << "fantasma: candidate " << candidate + 1 << " of " << options.candidates << ": "
                << count << " tokens\n";
    };
    const ModelRewriteResult result = model_rewrite(source, model_options, analyzer, generator);
    for (std::size_t i = 0; i < result.candidates.size(); ++i) {
        const CandidateJudgement& candidate = result.candidates[i];
        err << "fantasma: candidate " << i + 1 << " of " << options.candidates << ": " << tokens[i]
            << " tokens, " << verdict_name(candidate.verdict);
        if (candidate.bits > 0 || candidate.verdict == Verdict::Best ||
            candidate.verdict == Verdict::Improves || candidate.verdict == Verdict::NoImprovement) {
            err << " (" << std::fixed << std::setprecision(1) << candidate.bits << " bits";
            if (rewrite_options.aim)
                err << ", the attacker's chance " << std::setprecision(2) << candidate.attacker;
            err << ")";
        }
        err << '\n';
    }
    if (!result.model_won)
        err << "fantasma: no candidate was both faithful and less identifying; the deterministic "
               "rewrite is kept\n";
    return result.rewrite;
}

}  // namespace

CLI::App& add_rewrite_command(CLI::App& app, RewriteCommandOptions& options) {
    CLI::App& rewrite = *app.add_subcommand(
        "rewrite",
        "Remove authorship markers with deterministic fixes (spelling, punctuation style...), "
        "leaving code, math, commands and URLs untouched; names and addresses are left to you");
    CLI::Option* range = rewrite.add_option(
        "--range", options.range,
        "only this part, LINE:COLUMN-LINE:COLUMN (1-based, columns in characters, end exclusive)");
    CLI::Option* paragraph = rewrite.add_option(
        "--paragraph", options.paragraph,
        "only the Nth paragraph of prose (1-based; headings and list items count)");
    range->excludes(paragraph);
    CLI::Option* diff = rewrite.add_flag("--diff", options.diff, "print a unified diff");
    CLI::Option* in_place =
        rewrite.add_flag("--in-place", options.in_place, "rewrite the file itself (atomically)");
    diff->excludes(in_place);
    add_language_option(rewrite, options.language);
    rewrite
        .add_option("--word-choice", options.word_choice,
                    "the share of content words (0 to 1) that may be replaced with common "
                    "synonyms of the same meaning; 0 turns word choice off")
        ->check(CLI::Range(0.0, 1.0))
        ->capture_default_str();
    rewrite.add_option("--profile", options.profile.dir,
                       "a folder of your other writing (.md, .tex, .txt): only the edits that "
                       "lower an attacker's chance of picking you out are made, and word choice "
                       "replaces first the words you use more than most writers");
    add_others_option(rewrite, options.profile);
    rewrite
        .add_option("--target", options.target,
                    "with --profile: stop once the attacker's chance of picking you is below "
                    "this (0 to 1); default: every edit that lowers it")
        ->check(CLI::Range(0.0, 1.0));
    rewrite.add_option(
        "--model", options.model,
        "also ask this language model (GGUF file or model folder, tokenizer beside it) for a "
        "neutral rewrite of the --range or --paragraph; kept only if faithful and less "
        "identifying");
    add_backend_option(rewrite, options.backend);
    rewrite
        .add_option("--candidates", options.candidates, "rewrites the model writes to choose from")
        ->check(CLI::Range(1, 64))
        ->capture_default_str();
    rewrite.add_option("--seed", options.seed, "seed of the first candidate (the next: +1...)")
        ->capture_default_str();
    rewrite.add_option("FILE", options.file, "the document to rewrite")->required();
    return rewrite;
}

namespace {

// The rewrite scores every habit, so that no fix makes the text stand out more, including the
// common ones `fantasma check` hides by default: the summary says so, or its figure would
// contradict check's.
constexpr std::string_view kEveryHabit =
    " (every habit, as `fantasma check --common-habits` counts)";

// "the attacker's chance of picking you: 0.91 → 0.62 (2 edits left out: they would not lower
// it), not below the target 0.50": what the aimed rewrite reached.
std::string aim_summary(const RewriteResult& result, const RewriteAim& aim) {
    const auto chance = [](double p) {
        char text[16];
        std::snprintf(text, sizeof text, "%.2f", p);
        return std::string(text);
    };
    const auto edits = [](std::size_t n) {
        return std::to_string(n) + (n == 1 ? " edit" : " edits");
    };
    std::string said = "the attacker's chance of picking you: " + chance(result.attacker_before) +
                       " \u2192 " + chance(result.attacker_after);
    if (result.attacker_after > result.attacker_before) {
        // The aim lets a marker's fix raise it by less than a writer is shown (rewrite.hpp).
        char rise[16];
        std::snprintf(rise, sizeof rise, "%.3f", result.attacker_after - result.attacker_before);
        said += " (the markers' fixes raise it by " + std::string(rise) + ")";
    }
    if (result.dropped_raising_attacker > 0)
        said += " (" + edits(result.dropped_raising_attacker) +
                (result.dropped_raising_attacker == 1 ? " left out: it would not lower it)"
                                                      : " left out: they would not lower it)");
    if (aim.target) {
        said += (result.attacker_after < *aim.target ? ", below the target "
                                                     : ", not below the target ") +
                chance(*aim.target);
        if (result.left_at_target > 0) said += " (" + edits(result.left_at_target) + " not needed)";
    }
    return said;
}

// The document as UTF-8. A file in another encoding is refused with the way out: the rewrite
// writes back every byte it does not change, so it reads only what it can write back as is.
std::string read_utf8_document(const std::string& path) {
    const DecodedDocument document = read_decoded_document(path);
    if (!document.guessed) return document.text;
    // iconv's names for them.
    const std::string_view iconv_name = document.encoding == TextEncoding::MacRoman ? "MACINTOSH"
                                        : document.encoding == TextEncoding::Latin1
                                            ? "ISO-8859-1"
                                            : "WINDOWS-1252";
    throw std::runtime_error(
        "is not UTF-8 (it reads as " + std::string(encoding_name(document.encoding)) +
        "), and rewrite changes UTF-8 files only; convert it first, for example with "
        "iconv -f " +
        std::string(iconv_name) + " -t UTF-8 FILE > NEW-FILE");
}

}  // namespace

int run_rewrite(const RewriteCommandOptions& options, const Analyzer& analyzer, std::ostream& out,
                std::ostream& err) {
    try {
        const std::string source = read_utf8_document(options.file);
        RewriteOptions rewrite_options;
        rewrite_options.language = document_language(options.language, options.file);
        if (!options.range.empty()) {
            rewrite_options.range = parse_range(source, options.range);
        } else if (options.paragraph != 0) {
            rewrite_options.range =
                paragraph_range(source, rewrite_options.language, options.paragraph);
        }
        if (!options.model.empty() && !rewrite_options.range) {
            throw std::runtime_error(
                "--model rewrites one passage at a time: give --paragraph N or --range "
                "L:C-L:C");
        }
        std::optional<Profile> profile;
        std::optional<attacker::Attacker> attacker;
        std::optional<RewriteAim> aim;
        if (!options.profile.dir.empty()) {
            profile = Profile::from_directory(options.profile.dir, analyzer, {options.file});
            for (const std::string& note : profile->notes())
                err << "fantasma: profile: " << note << '\n';
            attacker = train_attacker(options.profile, {options.file}, err);
            if (attacker)
                aim = attacker::aim_at(*attacker, rewrite_options.language, options.target);
        } else if (options.target) {
            throw std::runtime_error("--target needs --profile: the attacker is trained on it");
        }
        rewrite_options.word_choice.strength = options.word_choice;
        rewrite_options.word_choice.profile = profile ? &*profile : nullptr;
        rewrite_options.aim = aim ? &*aim : nullptr;
        const RewriteResult result =
            options.model.empty()
                ? rewrite(source, rewrite_options, analyzer)
                : rewrite_with_model(source, rewrite_options, options, analyzer, err);
        if (options.in_place) {
            if (!result.edits.empty()) write_atomically(options.file, result.text);
        } else if (options.diff) {
            out << unified_diff(options.file, source, result.edits);
        } else {
            out << result.text;
        }
        for (const DetectorFailure& failure : result.failed_detectors)
            err << "fantasma: " << options.file << ": " << failure_message(failure) << '\n';
        err << std::fixed << std::setprecision(1);
        if (result.refused()) {
            err << "fantasma: " << options.file << ": rewrite refused: its "
                << result.dropped_rising << (result.dropped_rising == 1 ? " edit" : " edits")
                << " would raise the score from " << result.bits_before << " to "
                << result.bits_proposed << " bits" << kEveryHabit << "; nothing was changed\n";
            return kRewriteRefused;
        }
        err << "fantasma: " << options.file << ": " << result.edits.size()
            << (result.edits.size() == 1 ? " edit" : " edits") << " applied, " << result.bits_before
            << " \u2192 " << result.bits_after << " bits" << kEveryHabit;
        if (result.dropped_unsafe > 0) {
            err << " (" << result.dropped_unsafe
                << " left out: they would have changed code, math or markup)";
        }
        if (result.dropped_rising > 0) {
            err << " (" << result.dropped_rising << " left out: with them the score rose to "
                << result.bits_proposed << " bits)";
        }
        err << '\n';
        if (aim) err << "fantasma: " << options.file << ": " << aim_summary(result, *aim) << '\n';
        return result.failed_detectors.empty() ? 0 : 1;
    } catch (const std::exception& error) {
        err << "fantasma: " << options.file << ": " << error.what() << '\n';
        return 1;
    }
}

}  // namespace fantasma::cli
