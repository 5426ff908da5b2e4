#include "cli/check_command.hpp"

#include "cli/attacker_options.hpp"
#include "cli/language_option.hpp"

#include <CLI/CLI.hpp>
#include <algorithm>
#include <exception>
#include <filesystem>
#include <iostream>
#include <map>
#include <optional>
#include <set>

#include "archive/archive_leaks.hpp"
#include "pdf/pdf_leaks.hpp"
#include "stylometry/analyzer.hpp"
#include "stylometry/double_blind.hpp"
#include "stylometry/leaks/authors.hpp"
#include "stylometry/profile.hpp"
#include "stylometry/source_file.hpp"
#include "stylometry/submission.hpp"
#include "stylometry/text/codepoint.hpp"

namespace fantasma::cli {

CLI::App& add_check_command(CLI::App& app, CheckOptions& options) {
    CLI::App& check = *app.add_subcommand(
        "check",
        "List the authorship markers in documents, scored in bits of identifying "
        "information");
    const std::map<std::string, OutputFormat> formats = {{"text", OutputFormat::Text},
                                                         {"json", OutputFormat::Json}};
    check.add_option("--format", options.format, "text (compiler style) or json")
        ->transform(CLI::CheckedTransformer(formats, CLI::ignore_case));
    add_language_option(check, options.language);
    check.add_option("--profile", options.profile.dir,
                     "directory of your own writing: score how markers link a document to it, "
                     "and whether an attacker holding it would pick you out");
    add_others_option(check, options.profile);
    check.add_option("--min-bits", options.min_bits, "hide markers scoring fewer bits")
        ->check(CLI::NonNegativeNumber);
    check
        .add_option("--encoding", options.encoding,
                    "utf-8, windows-1252, latin-1 or macroman (default: UTF-8, or for a file "
                    "that is not UTF-8 the single-byte encoding its bytes suggest, with a note)")
        ->check([](const std::string& name) {
            return parse_encoding(name) ? std::string() : "unknown encoding '" + name + "'";
        });
    check.add_flag("--common-habits", options.common_habits,
                   "also list habits that more than about a quarter of writers share (hints, "
                   "under 2 bits) and rates that follow the genre or topic (function words, "
                   "repeated phrases, colons, word and sentence length): hidden by default "
                   "because they single nobody out");
    check.add_flag("--all-markers", options.all_markers,
                   "list every occurrence of each habit (by default the first 1000 per habit)");
    check.add_flag("--double-blind", options.double_blind,
                   "list only what would identify you to a reviewer (title block, PDF metadata, "
                   "comments, links, acknowledgements, self-citations, bibliography), grouped, "
                   "then a verdict; exit status 3 when anything was found");
    check.add_option("--public-names", options.public_names_file,
                     "file of names never to flag, one a line (default: a fantasma-names file in "
                     "the document's folder or above)");
    check
        .add_option(
            "FILE", options.files,
            "documents to check (.md, .tex; what a reviewer receives: .pdf, a source archive "
            ".tar.gz/.zip or its folder; anything else as text)")
        ->required();
    return check;
}

namespace {

// A single-byte file was analysed as UTF-8: its JSON byte ranges go back to the file's bytes
// (lines and UTF-16 characters are the same in both), and "encoding" says what was assumed.
void describe_decoding(nlohmann::json& report, const std::string& text, TextEncoding encoding) {
    if (encoding == TextEncoding::Utf8) return;
    const SingleByteOffsets offsets(text);
    for (nlohmann::json& marker : report["markers"]) {
        for (nlohmann::json& offset : marker["byteRange"]) {
            offset = offsets.source_offset(offset.get<std::size_t>());
        }
        if (!marker.contains("moreByteRanges")) continue;
        for (nlohmann::json& range : marker["moreByteRanges"]) {
            for (nlohmann::json& offset : range)
                offset = offsets.source_offset(offset.get<std::size_t>());
        }
    }
    report["encoding"] = encoding_name(encoding);
}

namespace fs = std::filesystem;

// One checked file: its text and report, kept for the double-blind summary.
struct CheckedFile {
    std::string path;
    std::string source;  // as the analyzer read it: UTF-8
    Report report;
    TextEncoding encoding = TextEncoding::Utf8;  // what the file itself is in
    Language language = Language::Text;
    bool judged = false;  // prose the attacker reads (not a bibliography)
};

// The files `path` stands for: a LaTeX file with what it includes and its bibliographies.
SubmissionFiles files_for(const std::string& path, const std::string& source, Language language) {
    if (language != Language::Latex) return {{{path, SubmissionFile::Kind::Latex}}, {}};
    return latex_submission_files(path, source);
}

// One checked PDF: what it would show a reviewer.
struct CheckedPdf {
    std::string path;
    std::vector<pdf::PdfLeak> leaks;
};

bool is_pdf(const fs::path& path) {
    return text::ascii_lower(path.extension().string()) == ".pdf";
}

nlohmann::json to_json(const CheckedPdf& file) {
    nlohmann::json leaks = nlohmann::json::array();
    for (const pdf::PdfLeak& leak : file.leaks) {
        leaks.push_back({{"code", leak.code},
                         {"page", leak.page},
                         {"message", leak.message},
                         {"text", leak.quote}});
    }
    return {{"file", file.path}, {"leaks", std::move(leaks)}};
}

// One checked source archive or folder: what it would show a reviewer or arXiv's readers.
struct CheckedArchive {
    std::string path;
    std::vector<archive::ArchiveLeak> leaks;
};

nlohmann::json to_json(const CheckedArchive& file) {
    nlohmann::json leaks = nlohmann::json::array();
    for (const archive::ArchiveLeak& leak : file.leaks) {
        nlohmann::json entry = {{"code", leak.code},
                                {"member", leak.member},
                                {"message", leak.message},
                                {"text", leak.quote}};
        if (leak.line > 0) entry["line"] = leak.line;
        leaks.push_back(std::move(entry));
    }
    return {{"file", file.path}, {"leaks", std::move(leaks)}};
}

void write_double_blind(std::ostream& out, const std::vector<CheckedFile>& files,
                        const std::vector<CheckedPdf>& pdfs,
                        const std::vector<CheckedArchive>& archives, bool incomplete) {
    for (const LeakGroup& group : kLeakGroups) {
        bool heading = false;
        for (const CheckedArchive& file : archives) {
            for (const archive::ArchiveLeak& leak : file.leaks) {
                if (leak.code != group.code) continue;
                if (!heading) out << "== " << group.name << " ==\n";
                heading = true;
                out << file.path << ": " << leak.member;
                if (leak.line > 0) out << ':' << leak.line;
                out << ": ";
                if (leak.message.find(leak.quote) == std::string::npos)
                    out << '"' << leak.quote << "\": ";
                out << leak.message << " [" << leak.code << "]\n";
            }
        }
        for (const CheckedPdf& file : pdfs) {
            for (const pdf::PdfLeak& leak : file.leaks) {
                if (leak.code != group.code) continue;
                if (!heading) out << "== " << group.name << " ==\n";
                heading = true;
                out << file.path << ": "
                    << (leak.page == 0 ? std::string("document")
                                       : "page " + std::to_string(leak.page))
                    << ": ";
                // The text itself, unless the message already quotes it.
                if (leak.message.find(leak.quote) == std::string::npos)
                    out << '"' << leak.quote << "\": ";
                out << leak.message << " [" << leak.code << "]\n";
            }
        }
        for (const CheckedFile& file : files) {
            const PositionMap positions(file.source, PositionEncoding::Utf32);
            for (const Marker& marker : file.report.markers) {
                if (marker.code != group.code) continue;
                if (!heading) out << "== " << group.name << " ==\n";
                heading = true;
                write_marker(out, file.path, file.source, positions, marker);
            }
        }
    }
    std::size_t leaks = 0;
    for (const CheckedFile& file : files) leaks += count_leaks(file.report.markers);
    for (const CheckedPdf& file : pdfs) leaks += file.leaks.size();
    for (const CheckedArchive& file : archives) leaks += file.leaks.size();
    out << leak_verdict(leaks);
    if (incomplete) {
        out << " Some files could not be checked (see the messages above): they may leak too.";
    } else if (leaks == 0) {
        out << " Names in the prose and your writing style are not checked in this mode.";
    }
    out << '\n';
}

}  // namespace

int run_check(const CheckOptions& options, const Analyzer& analyzer, std::ostream& out,
              std::ostream& err) {
    std::optional<Profile> profile;
    if (!options.profile.dir.empty()) {
        try {
            profile = Profile::from_directory(
                options.profile.dir, analyzer,
                std::vector<std::filesystem::path>(options.files.begin(), options.files.end()));
        } catch (const std::exception& error) {
            err << "fantasma: " << error.what() << '\n';
            return 2;
        }
        for (const std::string& note : profile->notes())
            err << "fantasma: profile: " << note << '\n';
    }
    const std::optional<attacker::Attacker> attacker =
        profile && !options.double_blind
            ? train_attacker(
                  options.profile,
                  std::vector<std::filesystem::path>(options.files.begin(), options.files.end()),
                  err)
            : std::nullopt;
    const std::optional<TextEncoding> encoding =
        options.encoding.empty() ? std::nullopt : parse_encoding(options.encoding);
    std::optional<std::vector<std::string>> public_names;
    if (!options.public_names_file.empty()) {
        try {
            public_names = read_public_names_file(options.public_names_file);
        } catch (const std::exception& error) {
            err << "fantasma: " << options.public_names_file << ": " << error.what() << '\n';
            return 2;
        }
    }

    int status = 0;
    nlohmann::json json_reports = nlohmann::json::array();
    std::vector<CheckedFile> checked;
    std::set<fs::path> done;  // each file once, even when two main files include it
    auto emit = [&](CheckedFile file) {
        if (options.double_blind) {
            std::erase_if(file.report.markers, [](const Marker& m) { return !is_leak(m.code); });
        }
        FileReport report{file.path, file.source, file.report, profile.has_value()};
        std::optional<attacker::Verdict> verdict;
        if (attacker && file.judged) {
            verdict = attacker::judge_source(*attacker, file.source, file.language);
            report.verdict = &*verdict;
            report.candidates = &attacker->candidates();
        }
        if (options.format == OutputFormat::Json) {
            nlohmann::json report_json = to_json(report);
            describe_decoding(report_json, file.source, file.encoding);
            json_reports.push_back(std::move(report_json));
        } else if (!options.double_blind) {
            write_text(out, report);
        }
        if (options.double_blind) checked.push_back(std::move(file));
    };
    // A file's text as UTF-8, with a note on `err` when its encoding was guessed.
    const auto read = [&](const fs::path& path) {
        DecodedDocument document = read_decoded_document(path, encoding);
        if (const std::string note = decoding_note(document); !note.empty()) {
            err << "fantasma: " << path.string() << ": " << note << "; --encoding says otherwise\n";
        }
        return document;
    };
    std::vector<CheckedPdf> pdfs;
    std::vector<CheckedArchive> archives;
    for (const std::string& path : options.files) {
        if (archive::is_source_archive(path) || fs::is_directory(path)) {
            try {
                CheckedArchive file{
                    path, archive::archive_leaks(
                              archive::read_source_archive(path), analyzer,
                              public_names ? *public_names
                                           : read_public_names(fs::path(path).parent_path()))};
                if (options.format == OutputFormat::Json) json_reports.push_back(to_json(file));
                archives.push_back(std::move(file));
            } catch (const archive::ArchiveRefused& refused) {
                err << "fantasma: " << path << ": not checked: " << refused.what() << '\n';
                status = 1;
            } catch (const std::exception& error) {
                err << "fantasma: " << path << ": " << error.what() << '\n';
                status = 1;
            }
            continue;
        }
        if (is_pdf(path)) {  // what the reviewer receives: always checked for leaks
            try {
                CheckedPdf file{
                    path,
                    pdf::pdf_leaks(pdf::read_pdf(path), analyzer,
                                   public_names ? *public_names
                                                : read_public_names(fs::path(path).parent_path()))};
                if (options.format == OutputFormat::Json) json_reports.push_back(to_json(file));
                pdfs.push_back(std::move(file));
            } catch (const std::exception& error) {
                err << "fantasma: " << path << ": " << error.what() << '\n';
                status = 1;
            }
            continue;
        }
        DecodedDocument main_document;
        try {
            main_document = read(path);
        } catch (const std::exception& error) {
            err << "fantasma: " << path << ": " << error.what() << '\n';
            status = 1;
            continue;
        }
        const Language language = document_language(options.language, path);
        if (const std::string review = double_blind_reason(main_document.text, language);
            !review.empty() && !options.double_blind) {
            err << "fantasma: " << path << ": a review copy (" << review
                << "): --double-blind lists only what would identify you to a reviewer, then a "
                   "verdict\n";
        }
        const SubmissionFiles submission = files_for(path, main_document.text, language);
        AnalysisOptions analysis;
        analysis.profile = profile ? &*profile : nullptr;
        analysis.min_bits = options.min_bits;
        analysis.hide_common_habits = !options.common_habits;
        analysis.group_by_paragraph = true;
        analysis.max_markers_per_habit = options.all_markers ? 0 : kDefaultMarkersPerHabit;
        analysis.public_names =
            public_names ? *public_names : read_public_names(fs::path(path).parent_path());
        std::vector<std::pair<SubmissionFile, DecodedDocument>> sources;
        for (const SubmissionFile& file : submission.files) {
            if (!done.insert(fs::weakly_canonical(file.path)).second) continue;
            try {
                sources.emplace_back(file,
                                     file.path == fs::path(path) ? main_document : read(file.path));
            } catch (const std::exception& error) {
                err << "fantasma: " << file.path.string() << ": " << error.what() << '\n';
                status = 1;
            }
        }
        for (const auto& [file, document] : sources) {  // the project's authors, wherever named
            if (file.kind != SubmissionFile::Kind::Latex) continue;
            for (std::string& name : leaks::submission_authors(document.text, Language::Latex)) {
                analysis.submission_authors.push_back(std::move(name));
            }
        }
        for (auto& [file, document] : sources) {
            try {
                Report report;
                if (file.kind == SubmissionFile::Kind::Bibliography) {
                    report.markers = bibliography_leaks(document.text, analysis.submission_authors);
                    for (const Marker& marker : report.markers) report.total_bits += marker.bits;
                } else {
                    analysis.language = file.path == fs::path(path) ? language : Language::Latex;
                    report = analyzer.analyze(document.text, analysis);
                }
                for (const DetectorFailure& failure : report.failed_detectors) {
                    err << "fantasma: " << file.path.string() << ": " << failure_message(failure)
                        << '\n';
                    status = 1;
                }
                emit({file.path.string(), std::move(document.text), std::move(report),
                      document.encoding, analysis.language,
                      file.kind != SubmissionFile::Kind::Bibliography});
            } catch (const std::exception& error) {
                err << "fantasma: " << file.path.string() << ": " << error.what() << '\n';
                status = 1;
            }
        }
        if (options.double_blind) {
            for (const fs::path& missing : submission.missing) {
                err << "fantasma: " << path << ": includes " << missing.string()
                    << ", which cannot be read: it was not checked\n";
            }
        }
    }
    if (options.format == OutputFormat::Json) {
        out << json_reports.dump(2, ' ', false, nlohmann::json::error_handler_t::replace) << '\n';
    } else if ((options.double_blind || !pdfs.empty() || !archives.empty()) &&
               !(checked.empty() && pdfs.empty() && archives.empty())) {
        write_double_blind(out, checked, pdfs, archives, status != 0);
    }
    const bool leaked =
        std::ranges::any_of(checked,
                            [](const CheckedFile& file) { return !file.report.markers.empty(); }) ||
        std::ranges::any_of(pdfs, [](const CheckedPdf& file) { return !file.leaks.empty(); }) ||
        std::ranges::any_of(archives,
                            [](const CheckedArchive& file) { return !file.leaks.empty(); });
    if (status == 0 && options.double_blind && leaked) status = 3;
    return status;
}

}  // namespace fantasma::cli
