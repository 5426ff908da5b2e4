#pragma once
// The writer's profile folder as the language server measures each document against it: the
// folder's texts less the document itself when the folder holds it. A draft saved among the
// writer's other texts is no other writing an attacker would hold, and counting it would make
// its own habits look like the writer's usual ones (the CLI leaves it out alike: `check
// --profile`, Profile::from_directory's `excluded`).
#include <filesystem>
#include <map>
#include <memory>
#include <mutex>
#include <string>

#include "attacker/attacker.hpp"
#include "stylometry/analyzer.hpp"
#include "stylometry/profile.hpp"

namespace fantasma::lsp {

class WriterProfiles {
  public:
    // Reads the folder (Profile::from_directory, which throws a readable error when it cannot).
    WriterProfiles(std::filesystem::path directory, const Analyzer& analyzer);
    // A profile built otherwise (tests): every document gets it.
    explicit WriterProfiles(std::shared_ptr<const Profile> whole);

    // Every text of the folder.
    const std::shared_ptr<const Profile>& whole() const { return whole_; }
    // The profile for the document at local path `path` (empty: a document with no file): the
    // folder's other texts when the folder holds that file, built on first use and kept;
    // whole() otherwise. Null when the document is the folder's only text.
    std::shared_ptr<const Profile> for_document(const std::string& path) const;
    // The attacker of the same texts (attacker/profile_attacker.hpp), trained on first use and
    // kept; null without a folder or with fewer than three texts.
    std::shared_ptr<const attacker::Attacker> attacker_for(const std::string& path) const;

  private:
    bool holds(const std::filesystem::path& path) const;

    std::filesystem::path directory_;  // empty: no folder
    std::filesystem::path folder_;     // directory_ resolved once, to compare paths against
    const Analyzer* analyzer_ = nullptr;
    std::shared_ptr<const Profile> whole_;
    mutable std::mutex mutex_;
    mutable std::map<std::string, std::shared_ptr<const Profile>, std::less<>> without_;
    // By document path; "" for the whole folder.
    mutable std::map<std::string, std::shared_ptr<const attacker::Attacker>, std::less<>>
        attackers_;
};

}  // namespace fantasma::lsp
