#pragma once
// Running the built `fantasma` binary from the CLI tests: scratch folders, shell quoting, and
// capturing exit status, stdout and stderr.
#include <catch2/catch.hpp>

#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>
#include <string>

namespace cli_test {

namespace fs = std::filesystem;

struct Run {
    int status = -1;
    std::string out;
    std::string err;
};

// A scratch folder for one test's files, removed afterwards (made writable first, for the
// tests that take the write permission away).
struct Scratch {
    fs::path dir;
    explicit Scratch(const std::string& prefix = "fantasma-cli-")
        : dir(fs::temp_directory_path() / (prefix + std::to_string(std::random_device{}()))) {
        fs::create_directories(dir);
    }
    ~Scratch() {
        std::error_code ignored;
        fs::permissions(dir, fs::perms::owner_all, ignored);
        fs::remove_all(dir, ignored);
    }
    Scratch(const Scratch&) = delete;
    Scratch& operator=(const Scratch&) = delete;

    std::string write(const std::string& name, const std::string& bytes) const {
        fs::create_directories((dir / name).parent_path());
        std::ofstream(dir / name, std::ios::binary) << bytes;
        return (dir / name).string();
    }
};

inline std::string read_file(const fs::path& path) {
    std::ifstream in(path, std::ios::binary);
    std::ostringstream bytes;
    bytes << in.rdbuf();
    return bytes.str();
}

// stderr without the line `--backend auto` (the default) starts with: where the model runs and
// why (backends/backend_factory.hpp).
inline std::string without_backend_note(const std::string& err) {
    if (err.rfind("fantasma: running on ", 0) != 0) return err;
    const std::size_t end = err.find('\n');
    return end == std::string::npos ? "" : err.substr(end + 1);
}

// A shell word: single quotes, with each ' written as '\''.
inline std::string quote(const std::string& text) {
    std::string quoted = "'";
    for (const char c : text) quoted += c == '\'' ? std::string("'\\''") : std::string(1, c);
    return quoted + "'";
}

// Runs a shell command line, stderr going to `err` and read back from there.
inline Run run_shell(const std::string& command, const fs::path& err) {
    Run run;
    FILE* pipe = popen((command + " 2>" + quote(err.string())).c_str(), "r");
    REQUIRE(pipe != nullptr);
    char buffer[4096];
    for (std::size_t n; (n = fread(buffer, 1, sizeof buffer, pipe)) > 0;) run.out.append(buffer, n);
    const int wait_status = pclose(pipe);
    run.status = WIFEXITED(wait_status) ? WEXITSTATUS(wait_status) : -1;
    run.err = read_file(err);
    return run;
}

// A made-up writer's text of `sentences` sentences: British spellings, "Indeed," and
// semicolons, drawn with `seed`; texts of other seeds read as the same writer's.
inline std::string british_essay(int seed, int sentences) {
    std::mt19937 random(static_cast<unsigned>(seed));
    const char* openings[] = {"Indeed, the council", "Whilst the market", "The old town",
                              "Our neighbour", "The river"};
    const char* endings[] = {"organised the colour scheme; it was a favourite.",
                             "realised the plans were late.", "welcomed the visitors."};
    std::string text;
    for (int i = 0; i < sentences; ++i)
        text += std::string(openings[random() % 5]) + " " + endings[random() % 3] + " ";
    return text + "\n";
}

// Runs `fantasma <arguments>` (arguments already shell-quoted), stderr kept in the scratch.
// The attacker of --profile keeps its model under the scratch folder, not the user's cache.
inline Run run_fantasma(const Scratch& scratch, const std::string& arguments) {
    return run_shell("XDG_CACHE_HOME=" + quote((scratch.dir / "cache").string()) + " " +
                         quote(FANTASMA_BINARY) + " " + arguments,
                     scratch.dir / "stderr");
}

// The same without a scratch folder: stderr kept in a temporary file of this process.
inline Run run_fantasma(const std::string& arguments) {
    return run_shell(quote(FANTASMA_BINARY) + " " + arguments,
                     fs::temp_directory_path() / ("fantasma-test-err-" + std::to_string(getpid())));
}

}  // namespace cli_test
