// Sentencepiece `.model` files behind the Tokenizer interface: a tiny model is trained at test
// time with the library's own trainer, so no model file is committed.
#include <sentencepiece_trainer.h>

#include <catch2/catch.hpp>
#include <fstream>

#include "engine/error.hpp"
#include "engine/tokenizer/tokenizer.hpp"

using namespace fantasma::engine;

TEST_CASE("A trained sentencepiece model encodes and decodes", "[tokenizer]") {
    auto dir = std::filesystem::temp_directory_path() / "fantasma-sentencepiece-test";
    std::filesystem::create_directories(dir);
    {
        std::ofstream corpus(dir / "corpus.txt");
        for (int i = 0; i < 50; ++i)
            corpus << "the writer wrote the words while the reader read the rest\n"
                   << "quiet rivers run under old stone bridges at night\n";
    }
    auto status = sentencepiece::SentencePieceTrainer::Train(
        "--input=" + (dir / "corpus.txt").string() + " --model_prefix=" + (dir / "tiny").string() +
        " --vocab_size=40 --model_type=bpe --minloglevel=2");
    REQUIRE(status.ok());

    auto tokenizer = load_tokenizer(dir / "tiny.model");
    CHECK(tokenizer->vocab_size() == 40);
    auto ids = tokenizer->encode("the reader wrote");
    CHECK(ids.size() >= 3);
    CHECK(ids.size() < 16);
    CHECK(tokenizer->decode(ids) == "the reader wrote");
    CHECK(tokenizer->token_id("<unk>") == 0);
    CHECK_FALSE(tokenizer->token_id("no such piece").has_value());

    std::ofstream(dir / "broken.model") << "not a protobuf at all";
    CHECK_THROWS_AS(load_tokenizer(dir / "broken.model"), ModelError);
    std::filesystem::remove_all(dir);
}
