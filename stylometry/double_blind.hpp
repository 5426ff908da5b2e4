#pragma once
// A double-blind check: which findings would identify the authors of a submission to a
// reviewer, in what order they are reported, the verdict line, and when a document is
// checked that way without being asked (a LaTeX review copy). One home for `fantasma check
// --double-blind` and the language server's `doubleBlind` setting.
#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "stylometry/language.hpp"
#include "stylometry/marker.hpp"

namespace fantasma {

// The groups of self-identifying findings, in the order a double-blind check reports them.
struct LeakGroup {
    std::string_view name;  // "title block"
    std::string_view code;  // "title-block"
};
inline constexpr LeakGroup kLeakGroups[] = {{"title block", "title-block"},
                                            {"metadata", "pdf-metadata"},
                                            {"comments", "comment-identity"},
                                            {"links", "link-target"},
                                            {"contact details in the text", "contact-detail"},
                                            {"acknowledgements", "acknowledgement"},
                                            {"self-citations", "self-citation"},
                                            {"bibliography", "bibliography-author"},
                                            // a source archive's members nobody meant to send
                                            {"files that should not be there", "stray-file"}};

// Whether a finding with this code would identify the authors to a reviewer.
bool is_leak(std::string_view code);

// The leaks among `markers`: each place counts (a marker's every span).
std::size_t count_leaks(const std::vector<Marker>& markers);

// The indices of `markers` in a double-blind check's order: the leaks first, group by group
// in kLeakGroups' order, then the other markers; each part keeps its order.
std::vector<std::size_t> double_blind_order(const std::vector<Marker>& markers);

// The verdict line: "3 leaks would identify you to a reviewer." or, for none, "No leaks
// found: nothing here would identify you to a reviewer."
std::string leak_verdict(std::size_t leaks);

// Why a document is checked as a double-blind submission when nobody says: what makes it a
// LaTeX review copy, its class or packages in their review or anonymous mode ("acmart's
// anonymous option"; leaks/review_template.hpp); "" when nothing does.
std::string double_blind_reason(std::string_view source, Language language);
inline bool double_blind_by_default(std::string_view source, Language language) {
    return !double_blind_reason(source, language).empty();
}

}  // namespace fantasma
