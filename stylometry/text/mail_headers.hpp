#pragma once
// The header blocks of e-mail messages kept in a text (a list post saved with its headers, a
// forwarded message): the mail system's lines and the recipients', not the writer's prose. A
// habit counted from "Received: from host (host [10.0.0.1])" or a fix that rewrites a Subject
// line is one no editor would agree with.
#include <string>
#include <string_view>
#include <vector>

#include "stylometry/span.hpp"

namespace fantasma {

// The header blocks of `text`, sorted: runs of two or more lines "Field-Name: value" (with
// their folded continuation lines, which begin with a blank), at least one of them a mail
// field (From, To, Subject, Received, Message-ID...). Each span runs from a field's line to
// the end of the last line of the fields that follow it; fields whose value is running
// prose (Abstract, Summary, Description, Comments) are left out.
std::vector<Span> mail_header_blocks(std::string_view text);

// The field, lower case ("received", "from"), whose line or continuation holds `offset` of
// `text` inside one of `blocks` (mail_header_blocks of `text`); empty outside them.
std::string mail_header_field(std::string_view text, const std::vector<Span>& blocks,
                              std::size_t offset);

}  // namespace fantasma
