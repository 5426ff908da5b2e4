#include "stylometry/leaks/links.hpp"
#include "stylometry/text/codepoint.hpp"

#include <algorithm>
#include <array>
#include <cctype>

namespace fantasma::leaks {
namespace {

constexpr std::size_t npos = std::string_view::npos;

// Hosts whose first path segment is an account (a person's or a group's).
struct AccountHost {
    std::string_view host;
    std::string_view label;
};
constexpr AccountHost kAccountHosts[] = {
    {"github.com", "GitHub"},           {"gitlab.com", "GitLab"},
    {"bitbucket.org", "Bitbucket"},     {"codeberg.org", "Codeberg"},
    {"huggingface.co", "Hugging Face"}, {"sr.ht", "SourceHut"},
    {"twitter.com", "Twitter"},         {"x.com", "X"},
    {"medium.com", "Medium"},           {"kaggle.com", "Kaggle"}};
// Pages of those hosts that belong to nobody: product pages, search, documentation.
constexpr std::string_view kGenericPages[] = {
    "about", "features", "pricing", "topics", "explore", "marketplace", "sponsors", "settings",
    "login", "join", "enterprise", "security", "trending", "collections", "events", "site",
    "contact", "docs", "help", "search", "blog", "models", "datasets", "spaces", "papers", "home",
    "i", "intent", "share", "hashtag", "explore", "competitions", "learn", "advisories", "apps",
    "codespaces",
    // A signed-in reader's own pages (github.com/notifications): the same for everyone.
    "notifications", "dashboard", "pulls", "issues", "new", "orgs", "organizations"};
// Accounts of projects and companies whose pages a paper cites as software or data, not as
// its authors' own: a reviewer learns nothing about who wrote the paper from them.
constexpr std::string_view kPublicOrganisations[] = {"abseil",
                                                     "allenai",
                                                     "amd",
                                                     "apache",
                                                     "apple",
                                                     "aws",
                                                     "awslabs",
                                                     "azure",
                                                     "boostorg",
                                                     "catchorg",
                                                     "cncf",
                                                     "conda",
                                                     "conda-forge",
                                                     "dask",
                                                     "deepmind",
                                                     "docker",
                                                     "eclipse",
                                                     "elastic",
                                                     "etcd-io",
                                                     "explosion",
                                                     "facebook",
                                                     "facebookresearch",
                                                     "ggerganov",
                                                     "ggml-org",
                                                     "git",
                                                     "github",
                                                     "gitlab-org",
                                                     "gnome",
                                                     "golang",
                                                     "google",
                                                     "google-deepmind",
                                                     "google-research",
                                                     "googleapis",
                                                     "grafana",
                                                     "grpc",
                                                     "huggingface",
                                                     "ibm",
                                                     "intel",
                                                     "jupyter",
                                                     "keras-team",
                                                     "kde",
                                                     "kubernetes",
                                                     "linux",
                                                     "llvm",
                                                     "meta-llama",
                                                     "microsoft",
                                                     "moby",
                                                     "mozilla",
                                                     "mysql",
                                                     "nodejs",
                                                     "numpy",
                                                     "nvidia",
                                                     "openai",
                                                     "opencv",
                                                     "oracle",
                                                     "pandas-dev",
                                                     "postgres",
                                                     "prometheus",
                                                     "protocolbuffers",
                                                     "python",
                                                     "pytorch",
                                                     "ray-project",
                                                     "redis",
                                                     "rocm",
                                                     "rust-lang",
                                                     "scikit-learn",
                                                     "scipy",
                                                     "stanfordnlp",
                                                     "tensorflow",
                                                     "torvalds",
                                                     "vllm-project",
                                                     "apache-spark",
                                                     "confluentinc",
                                                     "nlohmann",
                                                     "qwenlm",
                                                     "pypa",
                                                     "psf",
                                                     "khronosgroup",
                                                     "tcltk",
                                                     "jazzband",
                                                     "gnutls",
                                                     "yaml",
                                                     "microsoftdocs",
                                                     "apple-oss-distributions",
                                                     "gnome-glib",
                                                     "joyent",
                                                     "iojs",
                                                     "npm",
                                                     "tc39",
                                                     "v8",
                                                     "quictls",
                                                     "webassembly",
                                                     "wicg",
                                                     "w3c",
                                                     "whatwg",
                                                     "chromedevtools",
                                                     "isocpp",
                                                     "openssl",
                                                     "curl",
                                                     "libuv",
                                                     "unicode-org",
                                                     "mapbox"};
// Hosts where the page is a person's profile.
struct ProfileHost {
    std::string_view prefix;  // host and path, lower case, without scheme or "www."
    std::string_view what;
};
constexpr ProfileHost kProfileHosts[] = {
    {"orcid.org/", "an ORCID profile"},
    {"scholar.google.", "a Google Scholar profile"},
    {"dblp.org/pid/", "a DBLP author page"},
    {"dblp.org/pers/", "a DBLP author page"},
    {"dblp.uni-trier.de/pers/", "a DBLP author page"},
    {"researchgate.net/profile/", "a ResearchGate profile"},
    {"linkedin.com/in/", "a LinkedIn profile"},
    {"semanticscholar.org/author/", "a Semantic Scholar author page"},
    {"openreview.net/profile", "an OpenReview profile"},
    {"sites.google.com/view/", "a personal Google Sites page"},
    {"sites.google.com/site/", "a personal Google Sites page"},
    {"keybase.io/", "a Keybase profile"},
    {"stackoverflow.com/users/", "a Stack Overflow profile"},
    {"bsky.app/profile/", "a Bluesky profile"}};

// `name` with only its letters and digits ("data.table" -> "datatable").
std::string alnum_only(std::string_view name) {
    std::string kept;
    for (const char c : name) {
        if (std::isalnum(static_cast<unsigned char>(c)) != 0) kept += c;
    }
    return kept;
}

// Hosts that serve an account's pages under its own subdomain (alice.github.io).
constexpr std::string_view kUserSubdomains[] = {".github.io",    ".gitlab.io",     ".academia.edu",
                                                ".substack.com", ".wordpress.com", ".blogspot.com",
                                                ".netlify.app"};
// Path parts that put a person's page under an institution's host.
constexpr std::string_view kPersonPaths[] = {"/~",      "/people/",  "/users/", "/user/",
                                             "/staff/", "/faculty/", "/homes/", "/profile/"};
// Hosts that exist to hide who the authors are.
constexpr std::string_view kAnonymousHosts[] = {"anonymous.4open.science", "anonymous.4open.sc",
                                                "openreview.net/forum"};

bool listed(std::string_view word, std::span<const std::string_view> list) {
    return std::ranges::find(list, word) != list.end();
}

bool url_char(char c) {
    return !(c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '}' || c == '{' || c == '<' ||
             c == '>' || c == '"' || c == '\\' || c == '|');
}

}  // namespace

std::optional<std::string> identifying_link(std::string_view url,
                                            std::span<const std::string> public_names) {
    std::string address = text::ascii_lower(url);
    for (std::string_view scheme : {"https://", "http://"}) {
        if (address.starts_with(scheme)) address.erase(0, scheme.size());
    }
    if (address.starts_with("www.")) address.erase(0, 4);
    for (std::string_view host : kAnonymousHosts) {
        if (address.starts_with(host)) return std::nullopt;
    }
    const std::size_t slash = address.find('/');
    const std::string host = address.substr(0, slash);
    const std::string path = slash == npos ? "" : address.substr(slash);
    // "nodejs-private", "google-research": an organisation's other accounts are its own too.
    auto is_public = [&](std::string_view name) {
        const std::string_view stem = name.substr(0, name.find('-'));
        return listed(name, kPublicOrganisations) || listed(stem, kPublicOrganisations) ||
               std::ranges::find(public_names, name) != public_names.end();
    };

    for (const ProfileHost& profile : kProfileHosts) {
        if (address.starts_with(profile.prefix) && address.size() > profile.prefix.size() &&
            (profile.prefix.back() == '/' || address.find("user=") != npos ||
             address.find("id=") != npos)) {
            return std::string(profile.what);
        }
    }
    for (const AccountHost& account_host : kAccountHosts) {
        if (host != account_host.host) continue;
        std::string_view rest =
            std::string_view(path).substr(std::min<std::size_t>(1, path.size()));
        if (rest.starts_with("orgs/") || rest.starts_with("users/")) rest.remove_prefix(5);
        const std::string account(rest.substr(0, rest.find_first_of("/?#")));
        std::string clean = account;
        if (clean.starts_with('@')) clean.erase(0, 1);
        if (clean.empty() || listed(clean, kGenericPages) || is_public(clean)) return std::nullopt;
        const std::string_view after = rest.substr(std::min(rest.size(), account.size()));
        const bool repository = after.size() > 1 && after.front() == '/';
        // ccache/ccache, procps-ng/procps, Rdatatable/data.table: an account named after its
        // project is the project's, not a person's. A link to an issue, a pull request or a
        // commit points at a project's tracker, where a report or a fix is discussed
        // (rstudio/shiny/issues/1696 in release notes), not at anyone's account.
        if (repository) {
            const std::string_view project = after.substr(1, after.find_first_of("/?#", 1) - 1);
            const std::string owner = alnum_only(clean);
            const std::string name = alnum_only(project);
            if (name.size() >= 3 && owner.size() >= 3 &&
                (owner.find(name) != npos || name.find(owner) != npos)) {
                return std::nullopt;
            }
            const std::string_view within =
                after.substr(std::min(after.size(), project.size() + 1));
            for (std::string_view tracker :
                 {"/issues/", "/pull/", "/commit/", "/merge_requests/"}) {
                if (within.starts_with(tracker) ||
                    within.starts_with(std::string("/-") + std::string(tracker))) {
                    return std::nullopt;
                }
            }
        }
        return std::string(repository ? "a " : "the ") + std::string(account_host.label) +
               (repository ? " repository under the account '" : " page of the account '") + clean +
               "' (a person's or their group's)";
    }
    for (std::string_view suffix : kUserSubdomains) {
        if (host.ends_with(suffix) && host.size() > suffix.size()) {
            const std::string account = host.substr(0, host.size() - suffix.size());
            if (is_public(account)) return std::nullopt;
            return "the pages of the account '" + account + "'";
        }
    }
    // "discuss.python.org/c/users/7": a forum's category, however it is named.
    if (path.starts_with("/c/")) return std::nullopt;
    for (std::string_view part : kPersonPaths) {
        const std::size_t at = path.find(part);
        if (at != npos && at + part.size() < path.size() &&
            std::isalnum(static_cast<unsigned char>(path[at + part.size()]))) {
            return std::string("a personal page on ") + host;
        }
    }
    return std::nullopt;
}

std::vector<Span> find_urls(std::string_view text) {
    std::vector<Span> urls;
    for (std::size_t i = 0; i < text.size(); ++i) {
        const std::string_view rest = text.substr(i);
        const bool starts = rest.starts_with("https://") || rest.starts_with("http://") ||
                            (rest.starts_with("www.") &&
                             (i == 0 || !std::isalnum(static_cast<unsigned char>(text[i - 1]))));
        if (!starts) continue;
        std::size_t end = i;
        while (end < text.size() && url_char(text[end])) ++end;
        while (end > i && std::string_view(".,;:!?')]").find(text[end - 1]) != npos) {
            // A closing bracket that the URL itself opened stays.
            if (text[end - 1] == ')' && text.substr(i, end - i).find('(') != npos) break;
            --end;
        }
        if (end > i + 8) urls.emplace_back(i, end);
        i = end;
    }
    return urls;
}

}  // namespace fantasma::leaks
