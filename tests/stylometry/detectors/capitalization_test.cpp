#include "stylometry/detectors/capitalization.hpp"

#include "style_test_support.hpp"

using namespace fantasma;
using namespace fantasma::testing;

namespace {
const Reference kUnknown{};
}

TEST_CASE("capitalization marks shouting, a lower-case i and lower-case sentence starts") {
    const auto markers = require_markers_with(
        Capitalization{}, kUnknown,
        "This is [[ABSOLUTELY]] vital. Then [[i]] think so, and [[i'm]] sure. Well. [[the]] end.",
        4);
    CHECK(markers[0].fixes.at(0).new_text == "absolutely");
    CHECK(markers[0].feature == "caps.emphasis");
    CHECK(markers[1].fixes.at(0).new_text == "I");
    CHECK(markers[2].fixes.at(0).new_text == "I'm");
    CHECK(markers[3].fixes.at(0).new_text == "The");
    CHECK(markers[3].feature == "caps.lowercase-start");
    const auto sink =
        run_detector(Capitalization{}, "Then i think I know.", Language::Text, kUnknown);
    CHECK(measured(sink, "caps.lowercase-i") == std::pair(1.0, 2.0));
    CHECK(measured(sink, "caps.emphasis") == std::pair(0.0, 5.0));
    CHECK(measured(sink, "caps.lowercase-start") == std::pair(0.0, 1.0));
}

TEST_CASE("capitalization leaves acronyms, short capitals, numerals and headings alone") {
    require_markers_with(
        Capitalization{}, kUnknown,
        "NASA and the UN met. Louis XVIII ruled. See e.g. the cat, etc. and more. . . . "
        "the end.",
        0);
    require_markers_with(Capitalization{}, kUnknown, "# IMPORTANT NOTICE\n\nAll is well.\n", 0,
                         Language::Markdown);
}

TEST_CASE("capitalization keeps a sentence's first word capitalised and respects inner capitals") {
    const auto markers = require_markers_with(Capitalization{}, kUnknown,
                                              "[[WONDERFUL]] news. iPhone users rejoice.", 1);
    CHECK(markers[0].fixes.at(0).new_text == "Wonderful");
}

TEST_CASE("capitalization stays quiet where the population shouts as often") {
    const Reference reference = reference_with({{"caps.emphasis", "0,0.01,0.02,0.05"}});
    require_markers_with(Capitalization{}, reference, "This is VERY important to us all.", 0);
}

TEST_CASE(
    "capitalization reads i.e. as no pronoun and capitals outside the dictionary as acronyms") {
    const Reference dictionary =
        reference_with({}, "@table dictionary\nword\nthe\neverywhere\nwatch\n");
    require_markers_with(Capitalization{}, dictionary,
                         "Watch WBNS tonight, i.e. at nine. It is [[EVERYWHERE]].", 1);
}

TEST_CASE("capitalization leaves words the text spells in capitals: repeated names, identifiers") {
    // "pace", "child" and "anim" could be shouted words; here they name a school, a group and
    // a constant, so lowercasing them would change a name.
    const Reference dictionary =
        reference_with({}, "@table dictionary\nword\nthe\npace\nchild\nanim\nchar\nnever\n");
    require_markers_with(Capitalization{}, dictionary,
                         "I went to PACE last year. At PACE the classes were small.", 0);
    require_markers_with(Capitalization{}, dictionary,
                         "The group CHILD sued. Later CHILD won, and the constant ANIM_CHAR "
                         "held CHAR_ANIM.",
                         0);
    // Beside a name, or defined by one in parentheses, capitals are part of it.
    require_markers_with(Capitalization{}, dictionary,
                         "Look it up on the PACE Web Survey. It was filed by CHILD (Children in "
                         "Need).",
                         0);
    // An organisation's acronym that spells a stressable word (EBG's h_11_2.txt, fresh).
    require_markers_with(Capitalization{}, dictionary,
                         "As an example, the WHO found that camps were crowded.", 0);
    // Said once, the same capitals are emphasis; the rewrite lowercases them only beyond six
    // letters, where no acronym is.
    const auto markers =
        require_markers_with(Capitalization{}, dictionary,
                             "I will [[NEVER]] go back to that place. It is [[EVERYWHERE]].", 2);
    CHECK(markers[0].fixes.empty());
    CHECK(markers[1].fixes.at(0).new_text == "everywhere");
}

TEST_CASE("capitalization: names written in code, identifiers and acronym pairs keep their case") {
    // pip is written in code elsewhere, i/o is shaped like an identifier, REST stands beside
    // the acronym API, SETUP is a link label: none is a habit of casing.
    require_no_markers(Capitalization{},
                       "Install it with `pip install x`.\n\npip fetches the packages. The card "
                       "does slow i/o today. The vendor ships a REST API. Read the [SETUP][] "
                       "notes.\n\n[SETUP]: ./SETUP.md\n",
                       Language::Markdown);
    // "-i", "%i", "(i)" and "IBM i" are no pronouns.
    require_no_markers(Capitalization{}, "Run it with -i and print %i here. See (i) and IBM i.");
}

TEST_CASE("capitalization: a sentence that goes on after a display or a code span") {
    require_no_markers(Capitalization{},
                       "Build it with:\n\n```\nmake\n```\n\nand the result is small. The items "
                       "are:\n\n- one\n- two\n\nand nothing else. The value `module` is set.\n",
                       Language::Markdown);
    require_no_markers(Capitalization{},
                       "The program is built by\n\\begin{verbatim}\nmake all\n\\end{verbatim}\n"
                       "and the result is small.\n",
                       Language::Latex);
    // Plain text marks no display: a paragraph in lower case after an indented example goes
    // on with the sentence (dpkg's triggers.txt, fresh), and one under an underline is a
    // heading's program name. A block's first word in lower case is never counted; the
    // sentences after it show the habit.
    require_no_markers(Capitalization{},
                       "The script is then called as\n\n    prerm removed \"one two ...\"\n\n"
                       "by giving it the list of names.\n\ncron and anacron\n----------------\n\n"
                       "These are told about it.\n",
                       Language::Text);
    const auto markers = require_markers_with(Capitalization{}, kUnknown,
                                              "It was late.\n\nwe left early. [[we]] ate later.\n",
                                              1, Language::Markdown);
    CHECK(markers[0].fixes.at(0).new_text == "We");
}

TEST_CASE("capitalization: an enumeration within a sentence and quoted names") {
    // "only 1. when ..., or 2. when ..." numbers a list inside the sentence (dpkg, fresh);
    // 'next' and 'seen' are branch names (git's maintainer notes, fresh shapes).
    require_no_markers(Capitalization{},
                       "It is saved only 1. when a hook has run, or 2. when the tool starts. "
                       "Then it goes on. The rival of Foozy inc. is Lego.\n\n - 'next' holds the "
                       "topics. 'seen' holds the rest, "
                       "and \u201Cmain\u201D the releases.\n",
                       Language::Text);
}

TEST_CASE("capitalization: a loop variable i in quoted C code is no pronoun") {
    // Code pasted into a mail's prose (issue 13, seed 14's mail-git-corrupt-harder), fresh.
    require_markers_with(Capitalization{}, kUnknown,
                         "Then run it: for (i = 0; i < n; i++) total += buf[i]; and "
                         "update(buf + i + 1, n - i); unsigned i, j; it printed i=42 there. "
                         "Later [[i]] think it worked.",
                         1);
}

TEST_CASE("capitalization: variables, hyphened names, named tests and listed files keep capitals") {
    const Reference dictionary = reference_with(
        {}, "@table dictionary\nword\nthe\nhome\nreset\nrisc\nwiley\ncredits\nmove\nnever\n");
    require_markers_with(Capitalization{}, dictionary,
                         "Put it in your $HOME folder. Processors such as RISC-V and a book by "
                         "WILEY-VCH agree. The RESET test rejects. The file CREDITS lists them. "
                         "You cannot MOVE a blob there.",
                         0);
    require_markers_with(Capitalization{}, dictionary, "I will [[NEVER]] do that again.", 1);
}

TEST_CASE("capitalization: the i of a product name and a word joined by a semicolon") {
    // "ibm i tests": the pronoun I never comes before a plural noun; "tl;dr" is one word.
    require_no_markers(Capitalization{},
                       "We exclude ibm i tests for now. Then IBM i systems get them.\n\n"
                       "_tl;dr: you can land it with a label._\n",
                       Language::Markdown);
    // The pronoun before an adverb in -s, or a verb, is still marked.
    require_markers_with(Capitalization{}, kUnknown,
                         "Then [[i]] always test it, and [[i]] was right. Then I know.", 2);
}

TEST_CASE(
    "capitalization counts no lower-case i of a quotation, a table of keys or spaced letters") {
    // Someone else's words, quoted; a game manual's keys; a newsletter's spaced-out masthead.
    require_markers_with(Capitalization{}, kUnknown,
                         "In 2007 the author wrote \"[...] i have decided to give it away\". "
                         "He said \u201ci think so\u201d too.\n\n"
                         "          i    List your inventory.\n"
                         "          I    List selected items.\n\n"
                         "    T a s t y   B i t s   f r o m   t h e   F r o n t\n",
                         0);
    const auto sink = run_detector(Capitalization{}, "He wrote \"i think so\" and I agree.",
                                   Language::Text, kUnknown);
    CHECK(measured(sink, "caps.lowercase-i") == std::pair(0.0, 1.0));
    // The writer's own "i" beside them still counts.
    require_markers_with(Capitalization{}, kUnknown, "He wrote \"i think so\". Then [[i]] left.\n",
                         1);
}
