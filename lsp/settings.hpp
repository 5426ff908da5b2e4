#pragma once
// The server's configuration, section "fantasma" (keys in lsp/README.md). The same keys come
// from initializationOptions, workspace/didChangeConfiguration and workspace/configuration.
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace fantasma::lsp {

struct ServerSettings {
    std::string profile_directory;           // empty: no personal profile
    std::vector<std::string> enabled_codes;  // empty: every detector
    std::vector<std::string> ignored_codes;  // added to the server's workspace ignores
    // Names never to flag (added to a `fantasma-names` file at the workspace root).
    std::vector<std::string> public_names;
    // Check documents as double-blind submissions (features.hpp, DoubleBlind): always, never,
    // or when unset, LaTeX files whose class or packages are in their review mode.
    std::optional<bool> double_blind;
    double minimum_bits = 0.0;
    bool show_common_habits = false;  // habits more than a quarter of writers share (hints)
    // With a profile: the share of content words the word-choice pass may mark and rewrite
    // (lsp/distinctive_words.hpp); 0 turns word choice off. The pass can replace about 4 % of
    // the content words of real essays and only the distinctive ones are marked, so 5 % marks
    // all of them in most documents while a document full of them stays readable.
    double word_choice = 0.05;
    // With a profile: the least share of the attacker's evidence a sentence must carry to be
    // an attacker-evidence diagnostic (attacker/attacker.hpp); 1 hides them all.
    double attacker_evidence_share = 0.15;
    std::string model_path;        // the rewrite model ("model", or the older "modelPath")
    std::string backend = "auto";  // "auto", "cpu", "reference" or "opencl"
    std::string device;            // the OpenCL device: its number or part of its name
    int model_idle_seconds = 600;  // the loaded model is released after this long unused
    int rewrite_candidates = 3;    // candidates the model writes per rewrite
    int debounce_ms = 250;

    friend bool operator==(const ServerSettings&, const ServerSettings&) = default;
};

// Reads a configuration: the "fantasma" section itself, or an object holding it under
// "fantasma" (how didChangeConfiguration and initializationOptions usually nest it). Keys
// not given keep their defaults; null gives the defaults. Values of the wrong type are
// skipped, each with a sentence in `problems` for the user.
ServerSettings read_settings(const nlohmann::json& configuration,
                             std::vector<std::string>& problems);

}  // namespace fantasma::lsp
