// Scanner: TeX primitives whose operands need no braces. Plain TeX and macro files write
// `\input pdflayout.sty`, `\def\abc#1{...}`, `\if a\abc`, `\hbox to 2in{...}`: the operands
// are file names, macro bodies, compared tokens and sizes, never prose, so they are skipped
// (a box's content is read as usual).
#include <string>

#include "stylometry/extract/latex_scanner.hpp"

namespace fantasma::latex {
namespace {

bool is_letter(char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}

bool is_space(char c) {
    return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

}  // namespace

// One TeX token: a control sequence (\abc, \%) or one character (UTF-8 aware).
void Scanner::skip_token() {
    if (pos_ >= end_) return;
    if (source_[pos_] == '\\') {
        ++pos_;
        if (pos_ < end_ && is_letter(source_[pos_])) {
            while (pos_ < end_ && is_letter(source_[pos_])) ++pos_;
        } else if (pos_ < end_) {
            ++pos_;
        }
        return;
    }
    ++pos_;
    while (pos_ < end_ && (static_cast<unsigned char>(source_[pos_]) & 0xC0) == 0x80) ++pos_;
}

// \def\name<parameter text>{<body>}: the name, the parameters up to the first brace, the body.
void Scanner::skip_definition() {
    skip_spaces();
    skip_token();
    while (pos_ < end_ && source_[pos_] != '{' && !at_blank_line(pos_)) {
        if (source_[pos_] == '\\') {
            skip_token();
        } else {
            ++pos_;
        }
    }
    if (pos_ < end_ && source_[pos_] == '{') pos_ = group_end(source_, pos_, end_);
}

void Scanner::primitive(std::string_view name) {
    const auto skip_word = [&] {  // a file name, a number, a font name: up to a blank
        while (pos_ < end_ && !is_space(source_[pos_]) && source_[pos_] != '%' &&
               source_[pos_] != '\\' && source_[pos_] != '}') {
            ++pos_;
        }
    };
    const auto skip_equals = [&] {
        skip_spaces();
        if (pos_ < end_ && source_[pos_] == '=') ++pos_;
        skip_spaces();
    };
    skip_spaces();
    if (name == "input") {
        if (pos_ < end_ && source_[pos_] == '{') {
            pos_ = group_end(source_, pos_, end_);
        } else {
            skip_word();
        }
    } else if (name == "def" || name == "gdef" || name == "edef" || name == "xdef") {
        skip_definition();
    } else if (name == "let" || name == "futurelet") {
        skip_token();
        skip_equals();
        skip_token();
        if (name == "futurelet") skip_token();
    } else if (name == "if" || name == "ifcat" || name == "ifx") {
        skip_token();
        skip_token();
    } else if (name == "ifnum" || name == "ifdim" || name == "ifodd" || name == "ifcase") {
        // Numbers, registers and relations up to the end of the line.
        while (pos_ < end_ && source_[pos_] != '\n' && source_[pos_] != '%') ++pos_;
    } else if (name == "write") {
        if (pos_ < end_ && source_[pos_] == '\\') {
            skip_token();
        } else {
            skip_word();
        }
        skip_spaces();
        if (pos_ < end_ && source_[pos_] == '{') pos_ = group_end(source_, pos_, end_);
    } else if (name == "hbox" || name == "vbox" || name == "vtop" || name == "halign" ||
               name == "valign") {
        // "to 2in" or "spread 1em" before the box's content, which stays.
        const std::string_view rest = source_.substr(pos_, end_ - pos_);
        if (rest.starts_with("to") || rest.starts_with("spread")) {
            while (pos_ < end_ && source_[pos_] != '{' && !at_blank_line(pos_)) ++pos_;
        }
    } else if (name == "csname") {
        const std::size_t close = source_.substr(0, end_).find("\\endcsname", pos_);
        pos_ =
            close == std::string_view::npos ? end_ : close + std::string_view("\\endcsname").size();
    } else {  // \font\x=cmr10, \chardef\x=123 and the other register definitions
        skip_token();
        skip_equals();
        skip_word();
    }
}

}  // namespace fantasma::latex
