#include "attacker/profile_attacker.hpp"

#include <algorithm>
#include <cstdint>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <system_error>

#include "stylometry/profile.hpp"
#include "stylometry/source_file.hpp"

namespace fantasma::attacker {
namespace fs = std::filesystem;
namespace {

std::string read_prose(const fs::path& path) {
    const DecodedDocument document = read_decoded_document(path);
    return prose_of(document.text, language_for_path(path.string()));
}

void add_texts(const std::vector<fs::path>& files, Writer& writer,
               std::vector<std::string>& notes) {
    for (const fs::path& file : files) {
        try {
            writer.texts.push_back(read_prose(file));
        } catch (const std::runtime_error& error) {
            notes.push_back("'" + file.string() + "' skipped: it " + error.what());
        }
    }
}

// A model is 4 MB: the cache keeps the few most recently trained (a writer has one profile
// folder or two; the evaluation trains one per author and fold).
constexpr std::size_t kCachedModels = 8;

void forget_oldest(const fs::path& cache_dir) {
    std::error_code error;
    std::vector<std::pair<fs::file_time_type, fs::path>> models;
    for (const auto& entry : fs::directory_iterator(cache_dir, error)) {
        const std::string name = entry.path().filename().string();
        if (name.starts_with("attacker-") && name.ends_with(".bin"))
            models.emplace_back(entry.last_write_time(error), entry.path());
    }
    if (models.size() <= kCachedModels) return;
    std::ranges::sort(models, std::greater<>());
    for (std::size_t i = kCachedModels; i < models.size(); ++i) fs::remove(models[i].second, error);
}

}  // namespace

Writer read_writer(const fs::path& profile, const std::vector<fs::path>& excluded,
                   std::vector<std::string>& notes) {
    std::vector<fs::path> files;
    for (const fs::path& file : profile_documents(profile)) {
        const bool checked = std::ranges::any_of(excluded, [&](const fs::path& other) {
            std::error_code error;
            return fs::equivalent(file, other, error);
        });
        if (!checked) files.push_back(file);
    }
    Writer writer{"you", {}};
    add_texts(files, writer, notes);
    return writer;
}

std::vector<Writer> read_others(const fs::path& folder, std::vector<std::string>& notes) {
    std::error_code error;
    if (!fs::is_directory(folder, error))
        throw std::runtime_error("others directory '" + folder.string() +
                                 "' does not exist or is not a directory");
    std::vector<fs::path> entries;
    for (const auto& entry : fs::directory_iterator(folder, error)) entries.push_back(entry.path());
    std::ranges::sort(entries);
    const std::vector<fs::path> documents = profile_documents(folder);
    std::vector<Writer> writers;
    for (const fs::path& entry : entries) {
        Writer writer{entry.filename().string(), {}};
        if (fs::is_directory(entry, error)) {
            add_texts(profile_documents(entry), writer, notes);
        } else if (std::ranges::find(documents, entry) != documents.end()) {
            add_texts({entry}, writer, notes);
        }
        if (!writer.texts.empty()) writers.push_back(std::move(writer));
    }
    return writers;
}

Attacker cached_attacker(const Writer& writer, const std::vector<Writer>& others,
                         const fs::path& cache_dir) {
    if (cache_dir.empty()) return Attacker::train(writer, others);
    // Everything the model depends on: the texts, who wrote them, and the table.
    std::uint64_t hash = fnv1a("");
    const auto add = [&](std::string_view part) {
        hash = fnv1a(std::to_string(part.size()) + ":", hash);
        hash = fnv1a(part, hash);
    };
    for (const std::string& text : writer.texts) add(text);
    for (const Writer& other : others) {
        add(other.name);
        for (const std::string& text : other.texts) add(text);
    }
    const DistractorTable& table = DistractorTable::builtin();
    add(std::to_string(table.fingerprint));
    std::ostringstream name;
    name << "attacker-" << std::hex << hash << ".bin";
    const fs::path file = cache_dir / name.str();
    if (std::ifstream in(file, std::ios::binary); in) {
        std::ostringstream bytes;
        bytes << in.rdbuf();
        try {
            return Attacker::load(bytes.str());
        } catch (const std::runtime_error&) {
            // A cache file from another version or cut short: train again below.
        }
    }
    Attacker trained = Attacker::train(writer, others);
    std::error_code error;
    fs::create_directories(cache_dir, error);
    const fs::path partial = file.string() + ".partial";
    if (std::ofstream out(partial, std::ios::binary); out) {
        out << trained.save();
        out.close();
        if (out) fs::rename(partial, file, error);
    }
    forget_oldest(cache_dir);
    return trained;
}

}  // namespace fantasma::attacker
