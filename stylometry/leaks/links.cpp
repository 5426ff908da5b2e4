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
    bool code = false;  // the account's second path segment is a repository (a project)
};
constexpr AccountHost kAccountHosts[] = {{"github.com", "GitHub", true},
                                         {"gitlab.com", "GitLab", true},
                                         {"bitbucket.org", "Bitbucket", true},
                                         {"codeberg.org", "Codeberg", true},
                                         {"huggingface.co", "Hugging Face", true},
                                         {"sr.ht", "SourceHut", true},
                                         {"twitter.com", "Twitter"},
                                         {"x.com", "X"},
                                         {"medium.com", "Medium"},
                                         {"kaggle.com", "Kaggle"}};
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

// A URL as host and path, lower case, without scheme or "www.".
struct Address {
    std::string whole;
    std::string host;
    std::string path;  // from its '/', or empty
};

Address split(std::string_view url) {
    Address address{text::ascii_lower(url), "", ""};
    for (std::string_view scheme : {"https://", "http://"}) {
        if (address.whole.starts_with(scheme)) address.whole.erase(0, scheme.size());
    }
    if (address.whole.starts_with("www.")) address.whole.erase(0, 4);
    const std::size_t slash = address.whole.find('/');
    address.host = address.whole.substr(0, slash);
    address.path = slash == npos ? "" : address.whole.substr(slash);
    return address;
}

// The path segment at the start of `rest` (up to '/', '?' or '#').
std::string_view first_segment(std::string_view rest) {
    return rest.substr(0, rest.find_first_of("/?#"));
}

// The account and, when the link goes into one, the project of a link to a code host
// (github.com/alice/tool) or to an account's pages (alice.github.io/tool/); nullopt for
// anything else.
struct Project {
    const AccountHost* host = nullptr;  // null for an account's pages (alice.github.io)
    std::string account;
    std::string name;         // empty for the account's own page
    std::string_view within;  // the path after the project's name
};

std::optional<Project> project_of(const Address& address) {
    for (const AccountHost& account_host : kAccountHosts) {
        if (address.host != account_host.host) continue;
        std::string_view rest =
            std::string_view(address.path).substr(std::min<std::size_t>(1, address.path.size()));
        if (rest.starts_with("orgs/") || rest.starts_with("users/")) rest.remove_prefix(5);
        const std::string_view account = first_segment(rest);
        rest.remove_prefix(account.size());
        Project project{&account_host, std::string(account), "", ""};
        if (project.account.starts_with('@')) project.account.erase(0, 1);
        if (rest.size() > 1 && rest.front() == '/') {
            project.name = first_segment(rest.substr(1));
            project.within = rest.substr(1 + project.name.size());
        }
        return project;
    }
    for (std::string_view suffix : kUserSubdomains) {
        if (!address.host.ends_with(suffix) || address.host.size() <= suffix.size()) continue;
        Project project{nullptr, address.host.substr(0, address.host.size() - suffix.size()), "",
                        ""};
        const std::string_view rest =
            std::string_view(address.path).substr(std::min<std::size_t>(1, address.path.size()));
        const std::string_view name = first_segment(rest);
        // alice.github.io/index.html and /cv.pdf are the account's own pages;
        // rdatatable.gitlab.io/data.table/reference/ is a project's.
        const bool folder = rest.size() > name.size() && rest[name.size()] == '/';
        if (!name.empty() && (folder || name.find('.') == npos)) {
            project.name = name;
            project.within = rest.substr(name.size());
        }
        return project;
    }
    return std::nullopt;
}

// ccache/ccache, procps-ng/procps, Rdatatable/data.table, rdatatable.gitlab.io/data.table:
// an account named after its project is the project's, not a person's.
bool named_after_project(const Project& project) {
    const std::string owner = alnum_only(project.account);
    const std::string name = alnum_only(project.name);
    return name.size() >= 3 && owner.size() >= 3 &&
           (owner.find(name) != npos || name.find(owner) != npos);
}

}  // namespace

std::optional<std::string> identifying_link(std::string_view url,
                                            std::span<const std::string> public_names) {
    const Address address = split(url);
    for (std::string_view host : kAnonymousHosts) {
        if (address.whole.starts_with(host)) return std::nullopt;
    }
    // "nodejs-private", "google-research": an organisation's other accounts are its own too.
    auto is_public = [&](std::string_view name) {
        const std::string_view stem = name.substr(0, name.find('-'));
        return listed(name, kPublicOrganisations) || listed(stem, kPublicOrganisations) ||
               std::ranges::find(public_names, name) != public_names.end();
    };

    for (const ProfileHost& profile : kProfileHosts) {
        if (address.whole.starts_with(profile.prefix) &&
            address.whole.size() > profile.prefix.size() &&
            (profile.prefix.back() == '/' || address.whole.find("user=") != npos ||
             address.whole.find("id=") != npos)) {
            return std::string(profile.what);
        }
    }
    if (const auto project = project_of(address)) {
        const std::string& account = project->account;
        if (account.empty() || is_public(account)) return std::nullopt;
        if (project->host != nullptr && listed(account, kGenericPages)) return std::nullopt;
        if (named_after_project(*project)) return std::nullopt;
        // A link to an issue, a pull request or a commit points at a project's tracker,
        // where a report or a fix is discussed (rstudio/shiny/issues/1696 in release notes),
        // not at anyone's account.
        for (std::string_view tracker : {"/issues/", "/pull/", "/commit/", "/merge_requests/"}) {
            if (project->within.starts_with(tracker) ||
                project->within.starts_with(std::string("/-") + std::string(tracker))) {
                return std::nullopt;
            }
        }
        const bool repository = !project->name.empty();
        if (project->host == nullptr) {
            return "the pages of the account '" + account + "'" +
                   (repository ? " (its project '" + project->name + "')" : "");
        }
        const std::string label(project->host->label);
        if (!project->host->code) {
            return "the " + label + " account '" + account + "' (a person's or their group's)";
        }
        return std::string(repository ? "a " : "the ") + label +
               (repository ? " repository under the account '" : " page of the account '") +
               account + "' (a person's or their group's)";
    }
    // "discuss.python.org/c/users/7": a forum's category, however it is named.
    if (address.path.starts_with("/c/")) return std::nullopt;
    for (std::string_view part : kPersonPaths) {
        const std::size_t at = address.path.find(part);
        if (at != npos && at + part.size() < address.path.size() &&
            std::isalnum(static_cast<unsigned char>(address.path[at + part.size()]))) {
            return std::string("a personal page on ") + address.host;
        }
    }
    return std::nullopt;
}

std::optional<std::string> project_account(std::string_view url) {
    const auto project = project_of(split(url));
    if (!project || project->name.empty()) return std::nullopt;
    if (project->host != nullptr && !project->host->code) return std::nullopt;
    return project->account;
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
