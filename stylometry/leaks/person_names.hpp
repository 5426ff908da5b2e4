#pragma once
// Real first names and surnames (the US Census 1990 lists and the common names of 67 other
// countries; stylometry/data/person_names.tsv, made by tools/names/make_person_names.py), to
// tell a person's name from a product, a place or an organisation: "Maria Chen" and "Tomasz
// Lindqvist" start with a first name, "Kafka Streams" and "Xeon Gold" do not.
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "stylometry/reference.hpp"
#include "stylometry/span.hpp"

namespace fantasma::leaks {

class PersonNames {
  public:
    // The table compiled into the library, parsed once.
    static const PersonNames& builtin();
    explicit PersonNames(std::string_view table);

    // Words as Token::norm gives them (text::normalized_word): lower case, NFC.
    bool is_first_name(std::string_view lower_word) const;
    bool is_surname(std::string_view lower_word) const;
    // A name that is also one of the most common English words ("will", "mark", "grace"):
    // a person only beside another name.
    bool is_common_word(std::string_view lower_word) const;
    // A first name or surname of the tables that is no common word: a name on its own.
    bool is_name(std::string_view lower_word) const {
        return (is_first_name(lower_word) || is_surname(lower_word)) && !is_common_word(lower_word);
    }
    // A surname of a country that writes the family name first ("Wang Xiaoming", "Nguyễn Văn
    // An").
    bool is_family_first(std::string_view lower_word) const;

  private:
    enum : unsigned char { kFirst = 1, kSurname = 2, kWord = 4, kFamilyFirst = 8 };
    // As written, else without its accents ("Siobhán" is listed as "siobhan").
    unsigned char flags(std::string_view lower_word) const;
    unsigned char flags_as_written(std::string_view lower_word) const;
    // The table's lines, `name<TAB>kind<TAB>word<TAB>order`, sorted by name (bytes), found by
    // bisection over their offsets: 4 bytes a name rather than a hash map's 50 (the 50 MB goal of a
    // check).
    std::string_view table_;
    std::vector<std::uint32_t> lines_;
};

// Words that make a capitalised run an institution, event or place named after a person
// ("Charles Street", "Curie Institute", "Supreme Court", "World War II").
bool is_institution_word(std::string_view lower_word);

// Whether capitalised words (normalized as Token::norm, as written in `shown`) read as a
// person's name: the first is a first name ("Maria", "Maria Chen", "Øystein"; a first name that
// is also a common word, "Will", or alone more often a product or place, "Julia", "Darwin",
// only with another name after it), the last is a surname after a word no dictionary knows
// ("Priya Raman"), or the first is a family name written first and names or unknown words
// follow ("Wang Xiaoming"). Names from no list are missed: two unknown capitalised words are
// as often a product ("Jetson Nano").
bool looks_like_person(std::span<const std::string> lower_words,
                       std::span<const std::string_view> shown, const PersonNames& names,
                       const Reference& reference);

// "Maria", "Lindqvist", "O'Neil", "Øystein", "Al-Harbi", "Seo-yeon": a capital, then lower-case
// letters only, but for a capital after a hyphen or apostrophe.
bool name_shaped(std::string_view word);

// Whether one word (as written, and normalized) may be part of a name nobody listed: shaped
// like a name, no function word, and a name of the tables or a word no dictionary knows
// ("Bekele", "Al-Harbi"; not "Cloud" or "Nano").
bool name_word(std::string_view shown, std::string_view lower_word, const PersonNames& names,
               const Reference& reference);

// People's names written in `text` (a comment, an acknowledgement, a BibTeX author list):
// capitalised runs that looks_like_person accepts, and when the text is `about_people` (an
// acknowledgement) also two or more capitalised words that are all names or unknown to the
// dictionary ("Abebe Bekele"). `public_names` (lower case, whole names or single words) are
// never reported.
std::vector<Span> find_person_names(std::string_view text, const PersonNames& names,
                                    const Reference& reference,
                                    std::span<const std::string> public_names = {},
                                    bool about_people = false);

}  // namespace fantasma::leaks
