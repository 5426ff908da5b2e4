// Names from everywhere (issue 33): world_names.tsv holds real-world names from more than 20
// countries in the sentences they are written in (acknowledgements, source comments, e-mail
// sign-offs), written blind to the name tables. Each sentence goes where it would be written
// and through every detector; a name is found when a self-identifying marker covers it.
#include <catch2/catch.hpp>

#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "stylometry/analyzer.hpp"
#include "stylometry/double_blind.hpp"

using namespace fantasma;

namespace {

struct NamedSentence {
    std::string country, name, context, sentence;
};

std::vector<NamedSentence> world_names() {
    std::ifstream file(std::string(FANTASMA_SOURCE_DIR) +
                       "/tests/stylometry/detectors/world_names.tsv");
    REQUIRE(file);
    std::vector<NamedSentence> rows;
    for (std::string line; std::getline(file, line);) {
        if (line.empty() || line.front() == '#') continue;
        std::istringstream fields(line);
        NamedSentence row;
        std::getline(fields, row.country, '\t');
        std::getline(fields, row.name, '\t');
        std::getline(fields, row.context, '\t');
        std::getline(fields, row.sentence);
        rows.push_back(row);
    }
    return rows;
}

// The document the sentence is written in, and the language it is read as.
std::pair<std::string, Language> document_for(const NamedSentence& row) {
    const std::string opening =
        "\\documentclass{article}\n\\begin{document}\n\\section{Introduction}\nThe method "
        "stores every tile once and reads it back in order.\n\n";
    if (row.context == "acknowledgement") {
        return {opening + "\\section*{Acknowledgements}\n" + row.sentence + "\n\\end{document}\n",
                Language::Latex};
    }
    if (row.context == "comment") {
        return {opening + "% " + row.sentence + "\nThe tiles are kept in one folder.\n" +
                    "\\end{document}\n",
                Language::Latex};
    }
    return {
        "Hi all,\n\nThe revised tables are attached; the totals now match the March "
        "figures.\n\n" +
            row.sentence + "\n",
        Language::Text};
}

}  // namespace

TEST_CASE("names from everywhere: at least 90 % of real-world names are found") {
    const std::vector<NamedSentence> rows = world_names();
    REQUIRE(rows.size() >= 200);
    std::set<std::string> countries;
    for (const NamedSentence& row : rows) countries.insert(row.country);
    REQUIRE(countries.size() >= 20);

    const Analyzer analyzer;
    std::size_t found = 0;
    std::map<std::string, std::pair<int, int>> per_context;  // found, all
    std::vector<std::string> missed;
    for (const NamedSentence& row : rows) {
        const auto [source, language] = document_for(row);
        AnalysisOptions options;
        options.language = language;
        const Report report = analyzer.analyze(source, options);
        const std::size_t begin = source.find(row.sentence) + row.sentence.find(row.name);
        const Span name{begin, begin + row.name.size()};
        const bool covered = std::ranges::any_of(report.markers, [&](const Marker& marker) {
            return marker.identity && std::ranges::any_of(marker.spans, [&](Span span) {
                       return span.overlaps(name);
                   });
        });
        auto& [context_found, context_all] = per_context[row.context];
        ++context_all;
        if (covered) {
            ++found;
            ++context_found;
        } else {
            missed.push_back(row.country + " " + row.context + ": " + row.sentence);
        }
    }
    std::ostringstream summary;
    summary << found << " of " << rows.size() << " names found;";
    for (const auto& [context, counts] : per_context) {
        summary << " " << context << " " << counts.first << "/" << counts.second;
    }
    for (const std::string& miss : missed) summary << "\n  missed: " << miss;
    INFO(summary.str());
    CHECK(found * 10 >= rows.size() * 9);
}
