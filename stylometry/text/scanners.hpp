#pragma once
// Private to segmentation: matchers for the multi-character tokens, and the two passes that
// segment() runs over each block. Every matcher takes `text` cut at the end of the block and
// a start offset, and returns the end offset of its token, or `at` when nothing matches.
#include <cstddef>
#include <string_view>
#include <vector>

#include "stylometry/text/segment.hpp"

namespace fantasma::text {

// http://, https:// or www. up to the first space, less trailing sentence punctuation and
// unbalanced closing brackets.
std::size_t match_url(std::string_view text, std::size_t at);

// name@host.tld. `scanned_to` receives how far the local part ran, so a caller that starts
// again inside that run knows no address starts there (keeping the scan linear).
std::size_t match_email(std::string_view text, std::size_t at, std::size_t& scanned_to);

// @name; the caller checks that no letter or digit precedes the '@'.
std::size_t match_handle(std::string_view text, std::size_t at);

// One emoji: a pictograph or flag with its modifiers, selectors, tags, keycap and
// zero-width-joined followers.
std::size_t match_emoji(std::string_view text, std::size_t at);

// A common emoticon followed by a space, the end of the text or one of , . ! ? ;
// The caller checks that a space or the block start precedes it.
std::size_t match_emoticon(std::string_view text, std::size_t at);

// Appends the tokens of `text[range]` to `tokens`, their norms stored in `norms`; the first has
// space_before set.
void tokenize(std::string_view text, Span range, std::vector<Token>& tokens, NormStore& norms);

// Appends the sentences of tokens[first, tokens.size()), which all lie in one block.
void split_sentences(std::string_view text, const std::vector<Token>& tokens, std::size_t first,
                     std::vector<Sentence>& sentences);

}  // namespace fantasma::text
