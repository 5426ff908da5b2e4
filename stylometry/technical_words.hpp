#pragma once
// Words that name things rather than say them. A word the document also writes in code, a
// URL, a file name or a command (`systemd`, `pip`, the label of a link) is the name of that
// thing wherever it appears, and so is a word shaped like an identifier (a digit, a capital
// after a small letter, joined to other word characters by _ / \ . @ or ;). Changing one, even
// only its case, changes what it names: detectors propose no fix for them and the rewrite
// keeps them byte-identical.
#include <string>
#include <string_view>
#include <unordered_set>

#include "stylometry/prose.hpp"
#include "stylometry/span.hpp"

namespace fantasma {

struct Document;
class Reference;
struct Token;

// The words (runs of letters, digits and _), as written, in the source bytes that are not
// prose: code, URLs, link labels, arguments of commands. Left out: the asides (comments and
// alt text are the writer's prose), the names of LaTeX commands (\section) and LaTeX keys
// (\label{sec:colour}, \cite{jones90}), which are markup, not names a reader meets.
std::unordered_set<std::string> non_prose_words(std::string_view source, const Prose& prose);

// Whether the word at `word` of `text` is shaped like an identifier: it holds a digit or a
// capital after a small letter (mp3, iPhone, setValue), or is joined to a word character by
// one of _ / \ . @ ; (i/o, file.txt, snake_case, tl;dr: prose puts a space after a semicolon).
bool looks_like_identifier(std::string_view text, Span word);

// Whether the word at `word` of `text` is joined by a hyphen to another word
// (systemd-timesyncd, well-known).
bool is_hyphen_joined(std::string_view text, Span word);

// Whether word `token` of `document` names something: it looks like an identifier, or the
// document writes it, as here or in lower case, outside its prose
// (Document::non_prose_words). Words of one letter and common words (for, if, section, end)
// are too common in code and commands to name anything there.
bool is_technical_word(const Document& document, const Token& token, const Reference& reference);

}  // namespace fantasma
