#pragma once
// What a LaTeX document's class and packages say about review: whether it is a copy made for
// (anonymous) review, and whether the template itself leaves the author block out of the
// PDF. The title-block detector lowers what the PDF hides; the language server checks a
// review copy as a double-blind submission by default (stylometry/double_blind.hpp).
#include <string>
#include <string_view>

namespace fantasma::leaks {

struct ReviewTemplate {
    bool review_copy = false;    // the class or a package is in its review/anonymous mode
    bool hides_authors = false;  // and that mode prints no author block
    std::string reason;          // what says so, for the writer: "acmart's anonymous option"
};

// Read from the \documentclass and \usepackage commands before \begin{document}:
// - any class or package option `anonymous`; COLT's `anon`; acmart's `review` (line numbers
//   for reviewers); IEEEtran's `peerreview` and `peerreviewca`; a style package's `review`
//   (ACL, CVPR, ICCV, WACV, ECCV); AAAI's `submission`. llncs and article have no such option.
// - NeurIPS styles without `final` or `preprint`, ICML styles without `accepted`, ICLR
//   styles without \iclrfinalcopy: those print an anonymous submission by default.
// Hidden authors: acmart's and LIPIcs' `anonymous`, COLT's `anon`, ACL/CVPR/ICCV/WACV/ECCV
// `review`, AAAI's `submission`, and the NeurIPS, ICML and ICLR submission modes. IEEEtran's
// peer-review mode prints the names on its cover page, and an unknown package's `anonymous`
// may hide nothing.
ReviewTemplate review_template(std::string_view latex_source);

}  // namespace fantasma::leaks
