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
    check.add_flag("--all-markers", options.all_markers,
                   "list every occurrence of each habit (by default the first 1000 per habit)");
    check
        .add_option("FILE", options.files, "documents to check (.md, .tex, anything else as text)")
        ->required();
    return check;
}

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
    }

    int status = 0;
    nlohmann::json json_reports = nlohmann::json::array();
    for (const std::string& path : options.files) {
        try {
            const std::string source = read_document(path);
            AnalysisOptions analysis;
            analysis.language = document_language(options.language, path);
            analysis.profile = profile ? &*profile : nullptr;
            analysis.min_bits = options.min_bits;
            analysis.max_markers_per_habit = options.all_markers ? 0 : kDefaultMarkersPerHabit;
            const Report report = analyzer.analyze(source, analysis);
            const FileReport file{path, source, report, profile.has_value()};
            if (options.format == OutputFormat::Json) {
                json_reports.push_back(to_json(file));
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
