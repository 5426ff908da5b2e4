#pragma once
// Which link targets identify the writer: a profile (ORCID, Google Scholar, DBLP, LinkedIn),
// a homepage (~user, name.github.io), an account's repository (github.com/alice/tool). Pages
// of well-known public organisations (github.com/apache/flink), generic pages
// (github.com/features) and anonymising hosts (anonymous.4open.science) do not.
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "stylometry/span.hpp"

namespace fantasma::leaks {

// Why `url` identifies its owner ("a GitHub repository under the account 'alice'"), or
// nullopt when it does not. Accounts named in `public_names` (lower case) are not reported.
std::optional<std::string> identifying_link(std::string_view url,
                                            std::span<const std::string> public_names = {});

// The account whose project `url` goes into: "alice" for github.com/alice/tool/issues/3 and
// for alice.github.io/tool/, whoever the account belongs to (a public organisation too);
// nullopt for an account's own page, a profile or any other link.
std::optional<std::string> project_account(std::string_view url);

// The URLs written out in `text` (http://, https://, www.), without the punctuation that
// ends a sentence or a bracket around them.
std::vector<Span> find_urls(std::string_view text);

}  // namespace fantasma::leaks
