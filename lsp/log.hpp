#pragma once
// The server's log: stderr or a file, with levels. Document text is logged only at trace
// level (writers' prose is private); every other level gets sizes, versions and codes.
#include <cstdio>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>

namespace fantasma::lsp {

enum class LogLevel { Error, Warning, Info, Debug, Trace };

std::optional<LogLevel> log_level_from_name(std::string_view name);

class Logger {
  public:
    // Logs to stderr.
    explicit Logger(LogLevel level = LogLevel::Info);
    // Appends to `path`; throws std::runtime_error when it cannot be opened.
    Logger(LogLevel level, const std::string& path);
    ~Logger();
    Logger(const Logger&) = delete;
    Logger& operator=(const Logger&) = delete;

    bool enabled(LogLevel level) const { return level <= level_; }
    void log(LogLevel level, std::string_view message);

    void error(std::string_view message) { log(LogLevel::Error, message); }
    void warning(std::string_view message) { log(LogLevel::Warning, message); }
    void info(std::string_view message) { log(LogLevel::Info, message); }
    void debug(std::string_view message) { log(LogLevel::Debug, message); }
    void trace(std::string_view message) { log(LogLevel::Trace, message); }

  private:
    LogLevel level_;
    std::FILE* file_;
    bool owned_ = false;
    std::mutex mutex_;
};

}  // namespace fantasma::lsp
