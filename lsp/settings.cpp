#include "lsp/settings.hpp"

#include <algorithm>
#include <cctype>

namespace fantasma::lsp {
namespace {

using json = nlohmann::json;

bool read_string(const json& section, const char* key, std::string& out,
                 std::vector<std::string>& problems) {
    const auto found = section.find(key);
    if (found == section.end() || found->is_null()) return false;
    if (!found->is_string()) {
        problems.push_back(std::string("fantasma.") + key + " must be a string");
        return false;
    }
    out = found->get<std::string>();
    return true;
}

void read_codes(const json& section, const char* key, std::vector<std::string>& out,
                std::vector<std::string>& problems) {
    const auto found = section.find(key);
    if (found == section.end() || found->is_null()) return;
    const bool all_strings =
        found->is_array() && std::all_of(found->begin(), found->end(),
                                         [](const json& code) { return code.is_string(); });
    if (!all_strings) {
        problems.push_back(std::string("fantasma.") + key + " must be a list of marker codes");
        return;
    }
    out = found->get<std::vector<std::string>>();
}

bool read_integer(const json& section, const char* key, int lowest, int highest, int& out,
                  std::vector<std::string>& problems) {
    const auto found = section.find(key);
    if (found == section.end() || found->is_null()) return false;
    if (!found->is_number_integer() || found->get<long long>() < lowest ||
        found->get<long long>() > highest) {
        problems.push_back(std::string("fantasma.") + key + " must be a whole number from " +
                           std::to_string(lowest) + " to " + std::to_string(highest));
        return false;
    }
    out = found->get<int>();
    return true;
}

}  // namespace

ServerSettings read_settings(const json& configuration, std::vector<std::string>& problems) {
    ServerSettings settings;
    if (configuration.is_null()) return settings;
    const json* section = &configuration;
    if (const auto nested = configuration.find("fantasma");
        configuration.is_object() && nested != configuration.end())
        section = &*nested;
    if (section->is_null()) return settings;
    if (!section->is_object()) {
        problems.push_back("the fantasma configuration must be an object");
        return settings;
    }
    read_string(*section, "profileDirectory", settings.profile_directory, problems);
    read_string(*section, "modelPath", settings.model_path, problems);
    read_string(*section, "model", settings.model_path, problems);
    read_integer(*section, "modelIdleSeconds", 0, 86400, settings.model_idle_seconds, problems);
    read_integer(*section, "rewriteCandidates", 1, 16, settings.rewrite_candidates, problems);
    if (std::string backend; read_string(*section, "backend", backend, problems)) {
        if (backend == "auto" || backend == "cpu" || backend == "reference" ||
            backend == "opencl") {
            settings.backend = backend;
        } else {
            problems.push_back(
                "fantasma.backend must be \"auto\", \"cpu\", \"reference\" or \"opencl\"");
        }
    }
    if (const auto device = section->find("device");
        device != section->end() && !device->is_null()) {
        if (device->is_string())
            settings.device = device->get<std::string>();
        else if (device->is_number_unsigned())
            settings.device = std::to_string(device->get<std::uint64_t>());
        else
            problems.push_back("fantasma.device must be a device number or part of its name");
    }
    read_codes(*section, "enabledCodes", settings.enabled_codes, problems);
    read_codes(*section, "ignoredCodes", settings.ignored_codes, problems);
    if (const auto names = section->find("publicNames");
        names != section->end() && !names->is_null()) {
        const bool all_strings =
            names->is_array() && std::all_of(names->begin(), names->end(),
                                             [](const json& name) { return name.is_string(); });
        if (all_strings) {
            for (const json& name : *names) {
                std::string lower = name.get<std::string>();
                std::transform(lower.begin(), lower.end(), lower.begin(),
                               [](unsigned char c) { return std::tolower(c); });
                settings.public_names.push_back(std::move(lower));
            }
        } else {
            problems.push_back("fantasma.publicNames must be a list of names");
        }
    }
    if (const auto bits = section->find("minimumBits");
        bits != section->end() && !bits->is_null()) {
        if (bits->is_number() && bits->get<double>() >= 0) {
            settings.minimum_bits = bits->get<double>();
        } else {
            problems.push_back("fantasma.minimumBits must be a number of bits, 0 or more");
        }
    }
    // A share from 0 to 1 under `key`, or a problem saying what it is a share of.
    const auto read_share = [&](const char* key, double& share, const std::string& of,
                                const std::string& note) {
        const auto found = section->find(key);
        if (found == section->end() || found->is_null()) return;
        if (found->is_number() && found->get<double>() >= 0 && found->get<double>() <= 1) {
            share = found->get<double>();
        } else {
            problems.push_back("fantasma." + std::string(key) + " must be a share of " + of +
                               " from 0 to 1" + note);
        }
    };
    read_share("wordChoice", settings.word_choice, "the words", " (0 turns it off)");
    read_share("attackerEvidenceShare", settings.attacker_evidence_share, "the evidence", "");
    if (const auto common = section->find("showCommonHabits");
        common != section->end() && !common->is_null()) {
        if (common->is_boolean()) {
            settings.show_common_habits = common->get<bool>();
        } else {
            problems.push_back("fantasma.showCommonHabits must be true or false");
        }
    }
    if (const auto double_blind = section->find("doubleBlind");
        double_blind != section->end() && !double_blind->is_null()) {
        if (double_blind->is_boolean()) {
            settings.double_blind = double_blind->get<bool>();
        } else {
            problems.push_back(
                "fantasma.doubleBlind must be true, false or null (null: LaTeX review copies)");
        }
    }
    if (const auto debounce = section->find("debounceMs");
        debounce != section->end() && !debounce->is_null()) {
        if (debounce->is_number_integer() && debounce->get<long long>() >= 0 &&
            debounce->get<long long>() <= 10000) {
            settings.debounce_ms = debounce->get<int>();
        } else {
            problems.push_back("fantasma.debounceMs must be a whole number from 0 to 10000");
        }
    }
    return settings;
}

}  // namespace fantasma::lsp
