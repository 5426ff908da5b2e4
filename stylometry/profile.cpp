#include "stylometry/profile.hpp"

#include <algorithm>
#include <stdexcept>
#include <vector>

#include "stylometry/source_file.hpp"

namespace fantasma {
namespace {

bool is_profile_document(const std::filesystem::path& path) {
    std::string extension = path.extension().string();
    std::ranges::transform(extension, extension.begin(),
                           [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    return extension == ".md" || extension == ".markdown" || extension == ".tex" ||
           extension == ".txt";
}

}  // namespace

std::vector<std::filesystem::path> profile_documents(const std::filesystem::path& directory) {
    namespace fs = std::filesystem;
    std::error_code error;
    if (!fs::is_directory(directory, error)) {
        throw std::runtime_error("profile directory '" + directory.string() +
                                 "' does not exist or is not a directory");
    }
    std::vector<fs::path> documents;
    fs::recursive_directory_iterator it(directory, fs::directory_options::skip_permission_denied,
                                        error);
    for (; !error && it != fs::recursive_directory_iterator(); it.increment(error)) {
        if (it->is_regular_file(error) && is_profile_document(it->path())) {
            documents.push_back(it->path());
        }
    }
    if (error) {
        throw std::runtime_error("cannot read profile directory '" + directory.string() +
                                 "': " + error.message());
    }
    std::ranges::sort(documents);
    return documents;
}

void Profile::add(const Report& report) {
    for (const auto& [feature, measured] : report.measurements) {
        auto it = measurements_.find(feature);
        if (it == measurements_.end()) it = measurements_.emplace(feature, Measurement{}).first;
        it->second.count += measured.count;
        it->second.opportunities += measured.opportunities;
    }
    ++documents_;
    words_ += report.word_count;
}

Profile Profile::from_directory(const std::filesystem::path& directory, const Analyzer& analyzer,
                                const std::vector<std::filesystem::path>& excluded) {
    Profile profile;
    for (const std::filesystem::path& path : profile_documents(directory)) {
        const std::string name = "'" + path.string() + "' ";
        const bool checked = std::ranges::any_of(excluded, [&](const std::filesystem::path& file) {
            std::error_code error;  // a file that does not exist is no profile document
            return std::filesystem::equivalent(path, file, error);
        });
        if (checked) {
            profile.notes_.push_back(name + "left out: it is the document being checked");
            continue;
        }
        DecodedDocument document;
        try {
            document = read_decoded_document(path);
        } catch (const std::runtime_error& error) {
            // One unreadable file in years of writing should not cost the whole profile.
            profile.notes_.push_back(name + "skipped: it " + error.what());
            continue;
        }
        if (const std::string note = decoding_note(document); !note.empty()) {
            profile.notes_.push_back(name + note);
        }
        AnalysisOptions options;
        options.language = language_for_path(path.string());
        Report report;
        try {
            report = analyzer.analyze(document.text, options);
        } catch (const std::exception& error) {
            // fantasma's bug, not the writer's file: the rest of the folder still counts.
            profile.notes_.push_back(name + "skipped: it could not be measured (internal error: " +
                                     error.what() + "); please report this bug to fantasma");
            continue;
        }
        for (const DetectorFailure& failure : report.failed_detectors)
            profile.notes_.push_back(name + "measured without the " + failure.code +
                                     " detector (internal error: " + failure.what +
                                     "); please report this bug to fantasma");
        profile.add(report);
        profile.add_words(make_document(document.text, options.language));
    }
    if (profile.words() == 0) {
        std::string message = "profile directory '" + directory.string() +
                              "' holds no prose (.md, .markdown, .tex or .txt files)";
        for (const std::string& note : profile.notes_) message += "; " + note;
        throw std::runtime_error(message);
    }
    return profile;
}

void Profile::add_words(const Document& document) {
    for (const Token& token : document.tokens()) {
        if (token.kind != TokenKind::Word) continue;
        const auto it = word_counts_.find(token.norm);
        if (it == word_counts_.end()) {
            word_counts_.emplace(std::string(token.norm), 1.0);
        } else {
            it->second += 1;
        }
        counted_words_ += 1;
    }
}

double Profile::word_per_million(std::string_view lower_word) const {
    const auto it = word_counts_.find(lower_word);
    if (it == word_counts_.end() || counted_words_ == 0) return 0;
    return it->second * 1e6 / counted_words_;
}

std::size_t Profile::word_uses(std::string_view lower_word) const {
    const auto it = word_counts_.find(lower_word);
    return it == word_counts_.end() ? 0 : static_cast<std::size_t>(it->second);
}

const Measurement* Profile::find(std::string_view feature) const {
    const auto it = measurements_.find(feature);
    return it == measurements_.end() ? nullptr : &it->second;
}

}  // namespace fantasma
