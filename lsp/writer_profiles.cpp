#include "lsp/writer_profiles.hpp"

#include <algorithm>
#include <stdexcept>

#include "attacker/profile_attacker.hpp"

namespace fantasma::lsp {

namespace {

// The path with `.`, `..` and links resolved as far as it exists; empty when it cannot be.
std::filesystem::path canonical_or_empty(const std::filesystem::path& path) {
    std::error_code error;
    auto resolved = std::filesystem::weakly_canonical(path, error);
    return error ? std::filesystem::path() : resolved;
}

}  // namespace

WriterProfiles::WriterProfiles(std::filesystem::path directory, const Analyzer& analyzer)
    : directory_(std::move(directory)),
      folder_(canonical_or_empty(directory_)),
      analyzer_(&analyzer),
      whole_(std::make_shared<const Profile>(Profile::from_directory(directory_, analyzer))) {}

WriterProfiles::WriterProfiles(std::shared_ptr<const Profile> whole) : whole_(std::move(whole)) {}

bool WriterProfiles::holds(const std::filesystem::path& path) const {
    if (folder_.empty()) return false;
    const auto file = canonical_or_empty(path);
    if (file.empty()) return false;
    const auto inside = file.lexically_relative(folder_);
    return !inside.empty() && *inside.begin() != "..";
}

std::shared_ptr<const Profile> WriterProfiles::for_document(const std::string& path) const {
    if (path.empty() || !holds(path)) return whole_;
    {
        const std::lock_guard lock(mutex_);
        if (const auto found = without_.find(path); found != without_.end()) return found->second;
    }
    // Read outside the lock: another document's analysis need not wait for this folder.
    std::shared_ptr<const Profile> profile;
    try {
        auto others = Profile::from_directory(directory_, *analyzer_, {path});
        profile = others.documents() == whole_->documents()
                      ? whole_  // a file the profile does not read (another extension)
                      : std::make_shared<const Profile>(std::move(others));
    } catch (const std::runtime_error&) {
        // No other usable text: the writer has no profile for this document.
    }
    const std::lock_guard lock(mutex_);
    return without_.emplace(path, std::move(profile)).first->second;
}

std::shared_ptr<const attacker::Attacker> WriterProfiles::attacker_for(
    const std::string& path) const {
    if (directory_.empty()) return nullptr;
    const std::string key = !path.empty() && holds(path) ? path : std::string();
    {
        const std::lock_guard lock(mutex_);
        if (const auto found = attackers_.find(key); found != attackers_.end())
            return found->second;
    }
    // Trained outside the lock (about a second): other documents' analyses go on.
    std::shared_ptr<const attacker::Attacker> trained;
    try {
        std::vector<std::string> notes;
        std::vector<std::filesystem::path> excluded;
        if (!key.empty()) excluded.emplace_back(key);
        trained = std::make_shared<const attacker::Attacker>(
            attacker::Attacker::train(attacker::read_writer(directory_, excluded, notes), {}));
    } catch (const std::runtime_error&) {
        // Fewer than three other texts: no verdict for this document.
    }
    const std::lock_guard lock(mutex_);
    return attackers_.emplace(key, std::move(trained)).first->second;
}

}  // namespace fantasma::lsp
