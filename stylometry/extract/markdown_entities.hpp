#pragma once
// HTML character references in Markdown: &amp; &#233; &#x2014; and common named ones.
#include <string>
#include <string_view>

namespace fantasma::markdown {

// When `text` starts with a character reference, sets `length` to its size in bytes
// (through the ";") and `decoded` to its UTF-8 text. Unknown names are not references.
bool decode_entity(std::string_view text, std::size_t& length, std::string& decoded);

}  // namespace fantasma::markdown
