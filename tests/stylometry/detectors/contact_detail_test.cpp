#include "stylometry/detectors/contact_detail.hpp"

#include "detector_test_support.hpp"

using namespace fantasma;
using namespace fantasma::testing;

TEST_CASE("contact-detail marks e-mail addresses and handles as identity content") {
    const auto markers = require_markers(
        ContactDetail{}, "Write to [[jane.doe@example.org]] or ping [[@janedoe]] any time.", 2);
    for (const Marker& marker : markers) {
        CHECK(marker.identity);
        CHECK(marker.fixes.empty());
        CHECK(marker.feature.empty());
        CHECK(marker.message.find("decide") != std::string::npos);
    }
    CHECK(markers[0].message.find("e-mail address") != std::string::npos);
}

TEST_CASE("contact-detail marks phone numbers in international, US and UK formats") {
    require_markers(ContactDetail{}, "Call me on [[+44 20 7946 0958]] tonight.", 1);
    require_markers(ContactDetail{}, "My cell is [[(555) 123-4567]].", 1);
    require_markers(ContactDetail{}, "Ring [[555.123.4567]] or [[07700 900123]] instead.", 2);
    require_markers(ContactDetail{}, "Or [[+14155551234]], my desk.", 1);
    require_markers(ContactDetail{}, "In Paris dial [[01.42.68.53.00]] after six.", 1);
}

TEST_CASE("contact-detail: dotted version numbers are no phone numbers") {
    // The compilers a library supports (nlohmann-json's README, fresh shapes).
    require_markers(ContactDetail{},
                    "It builds with Build Tools 14.0.24215.1 and 17.6.33801.468, and with "
                    "Apple Clang 12.0.0 (clang-1200.0.32.29) on Windows-10.0.17763, and "
                    "Clang 12.0.1 (12.0.1-1~deb11u2), 13.0.1-++20211015123032+cf15ccdeb6d5. Call "
                    "[[1-800-555-0199]] for help.",
                    1);
}

TEST_CASE("contact-detail marks links that name a user, not other links") {
    require_markers(ContactDetail{},
                    "My code is on [[https://github.com/janedoe/fantasma]] and "
                    "[[linkedin.com/in/jane-doe]] has my CV.",
                    2);
    require_markers(ContactDetail{}, "See [[http://www.example.edu/~jdoe/papers]] for more.", 1);
    require_markers(ContactDetail{}, "Read [[janedoe.github.io]] for the rest.", 1);
    require_no_markers(ContactDetail{}, "The docs live at https://example.org/guide/install.");
}

TEST_CASE("contact-detail leaves years, amounts and decimals alone") {
    require_no_markers(ContactDetail{},
                       "From 1990 to 2020 the price rose from 1,000 to 25,000 dollars, "
                       "about 3.14159265 times a year, on 12.05.2020.");
}

TEST_CASE("contact-detail reports a repeated detail once, with every occurrence") {
    const auto markers = require_markers(
        ContactDetail{}, "Mail [[Jane@Example.org]] now; jane@example.org answers fast.", 1);
    CHECK(markers[0].spans.size() == 2);
}

TEST_CASE(
    "contact-detail: message identifiers, recipients and mailing lists are not the writer's") {
    // The header block and closing note of a list post (issue 13, seed 14), written fresh.
    const auto markers = require_markers(
        ContactDetail{},
        "From: Ada Byron <[[ada@analytical.example]]>\nTo: Charles Babbage <cb@engine.example>\n"
        "Cc: devs@vger.kernel.org\nMessage-ID: <87abc.fsf@host.analytical.example>\n"
        "References: <alpine.2.00@localhost.localdomain>\n\nSend feedback to the mailing list at "
        "engine@lists.example.org or to devs-devel@engine.example.",
        1);
    CHECK(markers[0].spans.size() == 1);
}

TEST_CASE("contact-detail: ranges and documentation pages are no phone numbers or profiles") {
    require_no_markers(ContactDetail{},
                       "Regular users get UIDs 1000..60000 by default. See "
                       "https://docs.ci.example/user/tutorial/#getting-started for the setup.");
    require_markers(ContactDetail{}, "My page: [[https://forum.example/users/adab/]]", 1);
}

TEST_CASE("contact-detail: the address of someone quoted is not the writer's") {
    // Shapes from git's howto documents: a question and a thread quoted with attributions.
    require_markers(ContactDetail{},
                    "From: Junio <[[junio@example.net]]>\n\nAlan <alan@example.org> said:\n\n"
                    "    I have a master branch.\n\n"
                    "Petr Baudis <pasky@example.cz> writes:\n> Linus Torvalds "
                    "<torvalds@example.org> wrote:\n> Try this.\n\nWrite to junio@example.net.\n",
                    1);
}

TEST_CASE("contact-detail: a contributor credited by name is not the writer") {
    // Release notes credit others so (groff's NEWS, fresh shapes); the writer's own address
    // in the same notes is still theirs.
    require_markers(ContactDetail{},
                    "A new driver, contributed by Ada Byron <ada@analytical.example>, and a fix "
                    "reported by Charles Babbage <cb@engine.example>. Questions to me at "
                    "[[jane@example.org]].",
                    1);
}

TEST_CASE("contact-detail: a ZIP+4 code and a diff's timestamp are no phone numbers") {
    // A users' group's postal address, and a patch's header (fresh shapes of seed 16's).
    require_no_markers(ContactDetail{},
                       "Write to the Users Group, PO Box 4410, Salem, OR 97302-4410, USA.\n\n"
                       "--- config.h.orig 2011-03-14 09:12:55.000000000 +0100\n"
                       "+++ config.h 2011-03-15 18:02:41.000000000 +0100\n");
    // A phone number beside them still is one.
    require_markers(ContactDetail{}, "Salem, OR 97302-4410. Phone: [[+1-503-555-0142]].", 1);
}

TEST_CASE("contact-detail: TeX internals and BibTeX entries in a manual are no handles") {
    // amsfonts' and BibTeX's manuals, as their PDFs' text layers read (fresh shapes).
    require_no_markers(ContactDetail{},
                       "Load it with \\@ifpackageloaded{stix} first; {@emptytoks} is a token "
                       "register, and \\@subst@obsolete warns.\n\n"
                       "An @STRING definition abbreviates; @BOOK(almanac-66, holds one entry and "
                       "@PREAMBLE{ \"\\newcommand\" } adds commands.");
    require_markers(ContactDetail{}, "The code is by [[@lindgren]] on most sites.", 1);
}

TEST_CASE("contact-detail: glyph codes and numbers grouped in thousands are no phone numbers") {
    // pdfTeX's manual: "\pdfglyphtounicode{ffi}{0066 0066 0069}", "more than 1 000 999 999".
    require_no_markers(ContactDetail{},
                       "Map it with \\pdfglyphtounicode{ffi}{0066 0066 0069} once. The value "
                       "must not be more than 1 000 999 999 or 12 345 678 in all.");
    // Spain writes phones in threes: "912 345 678" is one.
    require_markers(ContactDetail{}, "Llame al [[912 345 678]] por la tarde.", 1);
}

TEST_CASE("contact-detail: a project's address for bug reports is not the writer's") {
    // A manual names its project's and mailing list's addresses (pdfTeX, BibTeX, Kpathsea).
    require_no_markers(ContactDetail{},
                       "This manual describes pdfTeX 1.40. Email bug reports to pdftex@tug.org.");
    require_no_markers(ContactDetail{},
                       "Please report typos to biblio@tug.org (http://lists.tug.org/biblio).");
    // A person's mailbox, or one whose only other mention is their home page, stays theirs.
    require_markers(ContactDetail{},
                    "Please send questions and bug reports to [[jdoe@cs.example.edu]].", 1);
    require_markers(ContactDetail{},
                    "See [[https://cs.example.edu/~jdoe]]; questions to [[jdoe@cs.example.edu]].",
                    2);
    require_markers(ContactDetail{},
                    "Bug reports to [[tomasz@example.org]], please; tomasz reads them.", 1);
}
