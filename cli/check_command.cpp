#include "cli/check_command.hpp"

#include "cli/language_option.hpp"

#include <CLI/CLI.hpp>
#include <exception>
#include <iostream>
#include <map>
#include <optional>

#include "stylometry/analyzer.hpp"
#include "stylometry/profile.hpp"
#include "stylometry/source_file.hpp"

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
    check.add_option("--profile", options.profile_dir,
                     "directory of your own writing: score how markers link a document to it");
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
                   "under 2 bits; hidden by default because they single nobody out)");
    check.add_flag("--all-markers", options.all_markers,
                   "list every occurrence of each habit (by default the first 1000 per habit)");
    check
        .add_option("FILE", options.files, "documents to check (.md, .tex, anything else as text)")
        ->required();
    return check;
}

namespace {

// A single-byte file was analysed as UTF-8: its JSON byte ranges go back to the file's bytes
// (lines and UTF-16 characters are the same in both), and "encoding" says what was assumed.
void describe_decoding(nlohmann::json& report, const DecodedDocument& document) {
    if (document.encoding == TextEncoding::Utf8) return;
    const SingleByteOffsets offsets(document.text);
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
    report["encoding"] = encoding_name(document.encoding);
}

}  // namespace

int run_check(const CheckOptions& options, std::ostream& out, std::ostream& err) {
    const Analyzer analyzer;
    std::optional<Profile> profile;
    if (!options.profile_dir.empty()) {
        try {
            profile = Profile::from_directory(options.profile_dir, analyzer);
        } catch (const std::exception& error) {
            err << "fantasma: " << error.what() << '\n';
            return 2;
        }
        for (const std::string& note : profile->notes())
            err << "fantasma: profile: " << note << '\n';
    }
    const std::optional<TextEncoding> encoding =
        options.encoding.empty() ? std::nullopt : parse_encoding(options.encoding);

    int status = 0;
    nlohmann::json json_reports = nlohmann::json::array();
    for (const std::string& path : options.files) {
        try {
            const DecodedDocument document = read_decoded_document(path, encoding);
            if (const std::string note = decoding_note(document); !note.empty()) {
                err << "fantasma: " << path << ": " << note << "; --encoding says otherwise\n";
            }
            const std::string& source = document.text;
            AnalysisOptions analysis;
            analysis.language = document_language(options.language, path);
            analysis.profile = profile ? &*profile : nullptr;
            analysis.min_bits = options.min_bits;
            analysis.hide_common_habits = !options.common_habits;
            analysis.group_by_paragraph = true;
            analysis.max_markers_per_habit = options.all_markers ? 0 : kDefaultMarkersPerHabit;
            const Report report = analyzer.analyze(source, analysis);
            const FileReport file{path, source, report, profile.has_value()};
            if (options.format == OutputFormat::Json) {
                nlohmann::json report_json = to_json(file);
                describe_decoding(report_json, document);
                json_reports.push_back(std::move(report_json));
            } else {
                write_text(out, file);
            }
        } catch (const std::exception& error) {
            err << "fantasma: " << path << ": " << error.what() << '\n';
            status = 1;
        }
    }
    if (options.format == OutputFormat::Json) {
        out << json_reports.dump(2, ' ', false, nlohmann::json::error_handler_t::replace) << '\n';
    }
    return status;
}

}  // namespace fantasma::cli
