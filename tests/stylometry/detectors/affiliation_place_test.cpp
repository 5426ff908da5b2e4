#include "stylometry/detectors/affiliation_place.hpp"

#include "detector_test_support.hpp"

using namespace fantasma;
using namespace fantasma::testing;

TEST_CASE("affiliation-place marks where the writer works and lives") {
    const auto markers = require_markers(
        AffiliationPlace{},
        "I [[work at Acme Corp]] and [[live in Manchester]]. Our team at Acme Corp is small.", 2);
    CHECK(markers[0].spans.size() == 2);  // "at Acme Corp" is the same employer
    CHECK(markers[0].identity);
    CHECK(markers[0].fixes.empty());
    CHECK(markers[0].bits > markers[1].bits - 1e-9);
    CHECK(markers[1].message.find("\"live in Manchester\"") != std::string::npos);
}

TEST_CASE("affiliation-place marks the writer's own workplace and vague affiliations") {
    require_markers(AffiliationPlace{},
                    "Our [[lab at MIT]] runs it. [[My university]] pays for it.", 2);
    require_markers(AffiliationPlace{}, "Last year we [[moved to Ann Arbor]].", 1);
    // A local news essay's "I have seen them covering stories here in Lancaster".
    require_markers(AffiliationPlace{}, "I have seen them many times [[here in Lancaster]].", 1);
}

TEST_CASE("affiliation-place: where someone else lives, works or invented something is theirs") {
    // Shapes of a statistics paper, a sockets HOWTO and a grant note (issue 13, seed 14).
    require_no_markers(AffiliationPlace{},
                       "The project has tracked all subjects living in Olmsted County since "
                       "1966. She moved here from University of Michigan. Sockets were invented "
                       "in Berkeley as part of BSD. Funding came from the programme Adaptive "
                       "Systems in Economics and Management. I read my mail in Gnus, as noted "
                       "in Biometrical Journal.");
}

TEST_CASE("affiliation-place ignores dates, languages and lower-case places") {
    require_no_markers(AffiliationPlace{},
                       "We met in March at noon, in English, and worked at home in the city. "
                       "The story in The Jungle is sad.");
}

TEST_CASE("affiliation-place matches cues in any case and skips headline lines") {
    require_markers(AffiliationPlace{}, "WE [[LIVE IN Manchester]], where rain is normal.", 1);
    require_no_markers(AffiliationPlace{}, "A Week In Manchester With Friends\n\nIt rained.");
    // A bare "in Manchester" may be anyone's Manchester.
    require_no_markers(AffiliationPlace{}, "In Manchester, rain is normal.");
}

TEST_CASE("affiliation-place: languages, formats, cross-references and citations are no place") {
    require_no_markers(
        AffiliationPlace{},
        "The model is fitted in R and saved in YAML. It follows the method in "
        "Kowalczyk (1988) and the bounds in Lemmas 2 and 3, uses packages from "
        "CPAN, modules from PyPI and the parser in Rust's standard library, works in Bayesian "
        "settings and reads notes in Drafts/todo.txt.");
}

TEST_CASE("affiliation-place: a name the document keeps returning to is its subject") {
    require_no_markers(AffiliationPlace{},
                       "Sorting is easy in Haskell. Haskell has a stable sort. Haskell also "
                       "sorts lazily.");
    require_markers(AffiliationPlace{},
                    "I [[grew up in Haskell]], Texas. Haskell is small. "
                    "Haskell is hot.",
                    1);
}

TEST_CASE("affiliation-place: a sentence set in capitals names no place") {
    require_no_markers(
        AffiliationPlace{},
        "THE AUTHORS SHALL NOT BE LIABLE FOR ANY CLAIM ARISING FROM, OUT OF OR IN "
        "CONNECTION WITH THE SOFTWARE OR THE USE OR OTHER DEALINGS IN THE SOFTWARE.");
}
