// Sweeps the linking model's parameters on an authorship corpus laid out like EBG
// (../shared/corpora/ebg-amt: one folder per author, samples named X_NN_*.txt): each sample
// is analysed once, then for each author a profile is built from all but one held-out
// sample and every author's held-out sample is scored against it. Prints, per setting, the
// share of authors whose own sample ranks first, the share in the top 5 and the mean rank.
// tools/eval/profile_attribution.py measures the same through the command line.
#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <map>
#include <regex>
#include <string>
#include <vector>

#include "stylometry/linking.hpp"
#include "stylometry/profile.hpp"
#include "stylometry/source_file.hpp"

namespace fs = std::filesystem;
using namespace fantasma;

namespace {

struct Author {
    std::string name;
    std::vector<Report> samples;  // in file-name order
};

std::vector<Author> analyse_corpus(const fs::path& corpus, const Analyzer& analyzer) {
    const std::regex sample_name("[a-z]+_[0-9][0-9]_[0-9_]+\\.txt");
    std::vector<Author> authors;
    std::vector<fs::path> folders;
    for (const auto& entry : fs::directory_iterator(corpus)) {
        if (entry.is_directory()) folders.push_back(entry.path());
    }
    std::ranges::sort(folders);
    for (const fs::path& folder : folders) {
        std::vector<fs::path> files;
        for (const auto& entry : fs::directory_iterator(folder)) {
            if (std::regex_match(entry.path().filename().string(), sample_name)) {
                files.push_back(entry.path());
            }
        }
        std::ranges::sort(files);
        if (files.size() < 3) continue;
        Author author{folder.filename().string(), {}};
        for (const fs::path& file : files) {
            author.samples.push_back(analyzer.analyze(read_document(file), AnalysisOptions{}));
        }
        authors.push_back(std::move(author));
    }
    return authors;
}

struct Figures {
    double top1 = 0, top5 = 0, mean_rank = 0;
};

enum class Total { Signed, PositiveParts };

double total(const std::vector<FeatureLink>& links, Total kind) {
    double sum = 0;
    for (const FeatureLink& link : links)
        sum += kind == Total::Signed ? link.bits : std::max(0.0, link.bits);
    return sum;
}

Figures evaluate(const std::vector<Author>& authors, const Reference& reference,
                 const LinkingModel& model, Total kind, int folds) {
    Figures figures;
    int trials = 0;
    for (int fold = 0; fold < folds; ++fold) {
        const auto held_out = [&](const Author& a) {
            return a.samples.size() - 1 - static_cast<std::size_t>(fold);
        };
        for (const Author& author : authors) {
            Profile profile;
            for (std::size_t i = 0; i < author.samples.size(); ++i) {
                if (i != held_out(author)) profile.add(author.samples[i]);
            }
            double own = 0;
            std::vector<double> others;
            for (const Author& candidate : authors) {
                const Report& text = candidate.samples[held_out(candidate)];
                const double bits =
                    total(link_to_profile(reference, text.measurements, profile, model), kind);
                if (&candidate == &author)
                    own = bits;
                else
                    others.push_back(bits);
            }
            const auto rank = 1 + std::ranges::count_if(others, [&](double b) { return b >= own; });
            figures.top1 += rank == 1;
            figures.top5 += rank <= 5;
            figures.mean_rank += static_cast<double>(rank);
            ++trials;
        }
    }
    figures.top1 /= trials;
    figures.top5 /= trials;
    figures.mean_rank /= trials;
    return figures;
}

}  // namespace

int main(int argc, char** argv) {
    std::setvbuf(stdout, nullptr, _IOLBF, 0);  // progress while the sweep runs
    const fs::path corpus = argc > 1 ? argv[1] : "../shared/corpora/ebg-amt";
    const int folds = argc > 2 ? std::stoi(argv[2]) : 1;
    const Analyzer analyzer;
    const std::vector<Author> authors = analyse_corpus(corpus, analyzer);
    std::printf("%zu authors, %d held-out sample(s) each\n", authors.size(), folds);
    for (const Total kind : {Total::Signed}) {
        for (const double share : {0.2, 0.35, 0.5, 0.7}) {
            for (const double cap : {1.0, 3.0, 10.0}) {
                const LinkingModel model{share, cap};
                const Figures f = evaluate(authors, analyzer.reference(), model, kind, folds);
                std::printf(
                    "%-8s within %.2f cap %4.1f: first %5.1f%%  top5 %5.1f%%  mean rank %.1f\n",
                    kind == Total::Signed ? "signed" : "positive", share, cap, 100 * f.top1,
                    100 * f.top5, f.mean_rank);
            }
        }
    }
}
