
#include "stylometry/detectors/registry.hpp"
#include <algorithm>
#include "stylometry/detectors/acknowledgement.hpp"
#include "stylometry/detectors/affiliation_place.hpp"
#include "stylometry/detectors/bibliography_author.hpp"
#include "stylometry/detectors/capitalization.hpp"
#include "stylometry/detectors/char_ngrams.hpp"
#include "stylometry/detectors/comment_identity.hpp"
#include "stylometry/detectors/contact_detail.hpp"
#include "stylometry/detectors/contraction_rate.hpp"
#include "stylometry/detectors/dash_style.hpp"
#include "stylometry/detectors/direction_mark.hpp"
#include "stylometry/detectors/double_space.hpp"
#include "stylometry/detectors/ellipsis_style.hpp"
#include "stylometry/detectors/emoticon_emoji.hpp"
#include "stylometry/detectors/function_words.hpp"
#include "stylometry/detectors/hedges_intensifiers.hpp"
#include "stylometry/detectors/link_target.hpp"
#include "stylometry/detectors/look_alike_letter.hpp"
#include "stylometry/detectors/misspelling.hpp"
#include "stylometry/detectors/number_format.hpp"
#include "stylometry/detectors/oxford_comma.hpp"
#include "stylometry/detectors/pdf_metadata.hpp"
#include "stylometry/detectors/personal_name.hpp"
#include "stylometry/detectors/punctuation_habit.hpp"
#include "stylometry/detectors/quote_style.hpp"
#include "stylometry/detectors/regional_spelling.hpp"
#include "stylometry/detectors/self_citation.hpp"
#include "stylometry/detectors/sentence_length.hpp"
#include "stylometry/detectors/sentence_openers.hpp"
#include "stylometry/detectors/sign_off.hpp"
#include "stylometry/detectors/signature_phrase.hpp"
#include "stylometry/detectors/soft_hyphen.hpp"
#include "stylometry/detectors/spacing_pattern.hpp"
#include "stylometry/detectors/tag_character.hpp"
#include "stylometry/detectors/title_block.hpp"
#include "stylometry/detectors/trailing_whitespace.hpp"
#include "stylometry/detectors/unusual_space.hpp"
#include "stylometry/detectors/variation_selector.hpp"
#include "stylometry/detectors/vocabulary_richness.hpp"
#include "stylometry/detectors/word_length.hpp"
#include "stylometry/detectors/zero_width.hpp"

namespace fantasma {

std::vector<std::unique_ptr<Detector>> make_all_detectors() {
    std::vector<std::unique_ptr<Detector>> detectors;
    // One line per detector, alphabetical by class name.
    detectors.push_back(std::make_unique<Acknowledgement>());
    detectors.push_back(std::make_unique<AffiliationPlace>());
    detectors.push_back(std::make_unique<BibliographyAuthor>());
    detectors.push_back(std::make_unique<Capitalization>());
    detectors.push_back(std::make_unique<CharNgrams>());
    detectors.push_back(std::make_unique<CommentIdentity>());
    detectors.push_back(std::make_unique<ContactDetail>());
    detectors.push_back(std::make_unique<ContractionRate>());
    detectors.push_back(std::make_unique<DashStyle>());
    detectors.push_back(std::make_unique<DirectionMark>());
    detectors.push_back(std::make_unique<DoubleSpace>());
    detectors.push_back(std::make_unique<EllipsisStyle>());
    detectors.push_back(std::make_unique<EmoticonEmoji>());
    detectors.push_back(std::make_unique<FunctionWords>());
    detectors.push_back(std::make_unique<HedgesIntensifiers>());
    detectors.push_back(std::make_unique<LinkTarget>());
    detectors.push_back(std::make_unique<LookAlikeLetter>());
    detectors.push_back(std::make_unique<Misspelling>());
    detectors.push_back(std::make_unique<NumberFormat>());
    detectors.push_back(std::make_unique<OxfordComma>());
    detectors.push_back(std::make_unique<PdfMetadata>());
    detectors.push_back(std::make_unique<PersonalName>());
    detectors.push_back(std::make_unique<PunctuationHabit>());
    detectors.push_back(std::make_unique<QuoteStyle>());
    detectors.push_back(std::make_unique<RegionalSpelling>());
    detectors.push_back(std::make_unique<SelfCitation>());
    detectors.push_back(std::make_unique<SentenceLength>());
    detectors.push_back(std::make_unique<SentenceOpeners>());
    detectors.push_back(std::make_unique<SignOff>());
    detectors.push_back(std::make_unique<SignaturePhrase>());
    detectors.push_back(std::make_unique<SoftHyphen>());
    detectors.push_back(std::make_unique<SpacingPattern>());
    detectors.push_back(std::make_unique<TagCharacter>());
    detectors.push_back(std::make_unique<TitleBlock>());
    detectors.push_back(std::make_unique<TrailingWhitespace>());
    detectors.push_back(std::make_unique<UnusualSpace>());
    detectors.push_back(std::make_unique<VariationSelector>());
    detectors.push_back(std::make_unique<VocabularyRichness>());
    detectors.push_back(std::make_unique<WordLength>());
    detectors.push_back(std::make_unique<ZeroWidth>());
    std::ranges::sort(detectors,
                      [](const auto& a, const auto& b) { return a->code() < b->code(); });
    return detectors;
}

}  // namespace fantasma
