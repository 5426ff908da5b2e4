#include "engine/tokenizer/sentencepiece_tokenizer.hpp"

#include <sentencepiece_processor.h>

#include "engine/error.hpp"

namespace fantasma::engine {

SentencepieceTokenizer::SentencepieceTokenizer(const std::string& model_proto,
                                               const std::string& source)
    : processor_(std::make_unique<sentencepiece::SentencePieceProcessor>()) {
    auto status = processor_->LoadFromSerializedProto(model_proto);
    if (!status.ok())
        throw ModelError(source + ": not a sentencepiece model (" + status.ToString() + ")");
}

SentencepieceTokenizer::~SentencepieceTokenizer() = default;

std::vector<TokenId> SentencepieceTokenizer::encode(std::string_view text) const {
    std::vector<int> pieces;
    auto status = processor_->Encode(std::string(text), &pieces);
    if (!status.ok()) throw ModelError("sentencepiece: " + status.ToString());
    return {pieces.begin(), pieces.end()};
}

std::string SentencepieceTokenizer::decode(std::span<const TokenId> ids) const {
    std::vector<int> pieces;
    for (auto id : ids) {
        if (id < 0 || static_cast<std::size_t>(id) >= vocab_size())
            throw ModelError("token id " + std::to_string(id) + " is outside the vocabulary");
        pieces.push_back(id);
    }
    std::string text;
    auto status = processor_->Decode(pieces, &text);
    if (!status.ok()) throw ModelError("sentencepiece: " + status.ToString());
    return text;
}

std::optional<TokenId> SentencepieceTokenizer::token_id(std::string_view token) const {
    int id = processor_->PieceToId(std::string(token));
    // PieceToId answers the unknown id for anything it lacks; only a real match counts.
    if (id < 0 || processor_->IdToPiece(id) != token) return std::nullopt;
    return id;
}

std::size_t SentencepieceTokenizer::vocab_size() const {
    return static_cast<std::size_t>(processor_->GetPieceSize());
}

}  // namespace fantasma::engine
