#include "cli/tokenize_command.hpp"

#include <CLI/CLI.hpp>
#include <cstdio>
#include <exception>
#include <ostream>
#include <string_view>

#include "engine/tokenizer/tokenizer.hpp"

namespace fantasma::cli {

namespace {

// Whether `bytes` is whole UTF-8 characters: a token may hold only part of one.
bool is_valid_utf8(std::string_view bytes) {
    std::size_t i = 0;
    while (i < bytes.size()) {
        const auto lead = static_cast<unsigned char>(bytes[i]);
        const std::size_t length = lead < 0x80             ? 1
                                   : (lead & 0xE0) == 0xC0 ? 2
                                   : (lead & 0xF0) == 0xE0 ? 3
                                   : (lead & 0xF8) == 0xF0 ? 4
                                                           : 0;
        if (length == 0 || i + length > bytes.size()) return false;
        for (std::size_t k = 1; k < length; ++k)
            if ((static_cast<unsigned char>(bytes[i + k]) & 0xC0) != 0x80) return false;
        i += length;
    }
    return true;
}

// A token's bytes on one line: control characters and backslashes escaped, and every byte
// outside ASCII as \xNN when the token is not whole UTF-8 characters.
std::string printable(std::string_view bytes) {
    const bool escape_high = !is_valid_utf8(bytes);
    std::string text;
    for (const char c : bytes) {
        const auto byte = static_cast<unsigned char>(c);
        if (c == '\\') {
            text += "\\\\";
        } else if (c == '\n') {
            text += "\\n";
        } else if (c == '\t') {
            text += "\\t";
        } else if (byte < 0x20 || byte == 0x7F || (byte >= 0x80 && escape_high)) {
            char hex[8];
            std::snprintf(hex, sizeof hex, "\\x%02X", byte);
            text += hex;
        } else {
            text += c;
        }
    }
    return text;
}

}  // namespace

CLI::App& add_tokenize_command(CLI::App& app, TokenizeOptions& options) {
    CLI::App& tokenize =
        *app.add_subcommand("tokenize", "Split a text into a model's tokens and print them");
    tokenize
        .add_option("--model", options.model,
                    "a model (GGUF file, or folder with tokenizer.json or tokenizer.model), "
                    "or the tokenizer file itself")
        ->required();
    tokenize.add_flag("--ids", options.ids,
                      "print the token ids, comma-separated on one line (the form `fantasma "
                      "logits --tokens` takes) instead of one token per line");
    tokenize.add_option("TEXT", options.text, "the text to tokenize")->required();
    return tokenize;
}

int run_tokenize(const TokenizeOptions& options, std::ostream& out, std::ostream& err) {
    try {
        const auto tokenizer = engine::load_tokenizer(options.model);
        const std::vector<engine::TokenId> ids = tokenizer->encode(options.text);
        if (options.ids) {
            for (std::size_t i = 0; i < ids.size(); ++i) out << (i ? "," : "") << ids[i];
            out << '\n';
        } else {
            for (const engine::TokenId id : ids)
                out << id << '\t' << printable(tokenizer->decode(std::span(&id, 1))) << '\n';
        }
    } catch (const std::exception& error) {
        err << "fantasma: " << error.what() << '\n';
        return 1;
    }
    return 0;
}

}  // namespace fantasma::cli
