// The model rewrite commands through the server, with a scripted generator standing in for
// the model: progress, both kinds of cancellation, the stale-version refusal, preview, the
// missing-model message and the model's lazy loading and release. The rewrite runs on the
// server's rewrite thread, so replies are awaited (never timed: each wait is for a message).
#include <catch2/catch.hpp>

#include <condition_variable>
#include <filesystem>
#include <fstream>
#include <mutex>

#include "lsp/server.hpp"

using namespace fantasma;
using namespace fantasma::lsp;
using namespace std::chrono_literals;

namespace {

const Analyzer& analyzer() {
    static const Analyzer instance;
    return instance;
}

const std::string kText = "The colour of the sea was grey that morning.\n";
const std::string kUri = "file:///sea.md";

// Writes `answer` one token at a time; while the gate is shut it blocks after the first
// token, until the gate opens or the rewrite is cancelled.
class GatedGenerator final : public CandidateGenerator {
  public:
    GatedGenerator(std::string answer, bool gated) : answer_(std::move(answer)), open_(!gated) {}
    std::string generate(const RewritePrompt&, std::uint64_t, std::stop_token stop,
                         const std::function<void(std::size_t)>& on_token) override {
        on_token(1);
        std::unique_lock lock(mutex_);
        signal_.wait(lock, stop, [&] { return open_; });
        if (stop.stop_requested()) return {};
        on_token(2);
        return answer_;
    }
    void open() {
        const std::lock_guard lock(mutex_);
        open_ = true;
        signal_.notify_all();
    }

  private:
    std::string answer_;
    std::mutex mutex_;
    std::condition_variable_any signal_;
    bool open_;
};

// The generators the server opened, and how often it opened one.
struct Models {
    std::mutex mutex;
    int opened = 0;
    GatedGenerator* last = nullptr;
    bool gated = false;
    std::string answer = "The color of the sea was gray that morning.";
    std::string note;  // the backend note the factory gives
};

class RewriteClient {
  public:
    explicit RewriteClient(Models& models)
        : log_(LogLevel::Error),
          server_(transport_, analyzer(), log_, inline_workspace(),
                  [&models](const ModelSettings& settings) -> RewriteService::OpenedModel {
                      if (settings.model.find("missing") != std::string::npos)
                          throw std::runtime_error(settings.model + ": no such file or folder");
                      const std::lock_guard lock(models.mutex);
                      ++models.opened;
                      auto generator =
                          std::make_unique<GatedGenerator>(models.answer, models.gated);
                      models.last = generator.get();
                      return {std::move(generator), models.note};
                  }) {}

    void send(const json& message) {
        json full = message;
        full["jsonrpc"] = "2.0";
        transport_.write_message(full.dump());
        transport_.loop(server_);
    }
    // Every message until one matches (answering the server's own requests as a client
    // would); the match is the last one.
    std::vector<json> until(const std::function<bool(const json&)>& wanted) {
        std::vector<json> seen;
        while (true) {
            const auto body = transport_.wait_sent(20s);
            REQUIRE(body);
            seen.push_back(json::parse(*body));
            const json& message = seen.back();
            if (message.contains("method") && message.contains("id"))
                send({{"id", message["id"]}, {"result", nullptr}});
            if (wanted(message)) return seen;
        }
    }
    void initialize(const json& settings, bool progress = true, const std::string& text = kText) {
        json capabilities = json::object();
        if (progress) capabilities["window"] = {{"workDoneProgress", true}};
        send({{"id", 0},
              {"method", "initialize"},
              {"params", {{"capabilities", capabilities}, {"initializationOptions", settings}}}});
        until(is_reply(0));
        send({{"method", "initialized"}, {"params", json::object()}});
        send({{"method", "textDocument/didOpen"},
              {"params",
               {{"textDocument",
                 {{"uri", kUri}, {"languageId", "markdown"}, {"version", 1}, {"text", text}}}}}});
        until(is_method("fantasma/summary"));
    }
    void rewrite(int id, int version = 1, std::string command = "fantasma.rewriteWithModel",
                 int end_character = 44) {
        const json range = {{"start", {{"line", 0}, {"character", 0}}},
                            {"end", {{"line", 0}, {"character", end_character}}}};
        const json argument = {{"uri", kUri}, {"version", version}, {"range", range}};
        const json params = {{"command", command}, {"arguments", json::array({argument})}};
        send({{"id", id}, {"method", "workspace/executeCommand"}, {"params", params}});
    }
    static std::function<bool(const json&)> is_reply(int id) {
        return [id](const json& m) { return m.value("id", json()) == id && !m.contains("method"); };
    }
    static std::function<bool(const json&)> is_method(const std::string& method) {
        return [method](const json& m) { return m.value("method", "") == method; };
    }
    Server& server() { return server_; }

  private:
    static Workspace::Options inline_workspace() {
        Workspace::Options options;
        options.threads = 0;
        options.debounce = 0ms;
        return options;
    }
    InMemoryTransport transport_;
    Logger log_;
    Server server_;
};

// A progress report of generated tokens: the generator is running.
bool writing(const json& message) {
    return message.value("method", "") == "$/progress" &&
           message["params"]["value"].value("message", "").find("tokens") != std::string::npos;
}

// The sample's British spellings are habits many writers share, hidden unless asked for.
const json kModelSettings = {
    {"fantasma",
     {{"model", "/models/tiny"}, {"rewriteCandidates", 2}, {"showCommonHabits", true}}}};

bool has(const std::vector<json>& messages, const std::string& method) {
    return std::any_of(messages.begin(), messages.end(),
                       [&](const json& m) { return m.value("method", "") == method; });
}

std::vector<json> progress_values(const std::vector<json>& messages) {
    std::vector<json> values;
    for (const json& m : messages)
        if (m.value("method", "") == "$/progress") values.push_back(m["params"]["value"]);
    return values;
}

}  // namespace

TEST_CASE("rewriteWithModel: progress, then workspace/applyEdit of the chosen text",
          "[concurrent]") {
    Models models;
    RewriteClient client(models);
    client.initialize(kModelSettings);
    client.rewrite(7);
    const auto messages = client.until(RewriteClient::is_reply(7));
    // The token was created, then begin, the model's loading, tokens, end.
    CHECK(has(messages, "window/workDoneProgress/create"));
    const auto values = progress_values(messages);
    REQUIRE(values.size() >= 4);
    CHECK(values.front()["kind"] == "begin");
    CHECK(values.front()["cancellable"] == true);
    CHECK(values[1]["message"] == "loading the rewrite model");
    CHECK(values[2]["message"] == "candidate 1 of 2: 1 tokens");
    CHECK(values.back()["kind"] == "end");
    const auto apply = std::find_if(messages.begin(), messages.end(), [](const json& m) {
        return m.value("method", "") == "workspace/applyEdit";
    });
    REQUIRE(apply != messages.end());
    const json& edits = (*apply)["params"]["edit"]["changes"][kUri];
    REQUIRE(edits.size() == 2);
    CHECK(edits[0]["newText"] == "color");
    const json& result = messages.back()["result"];
    CHECK(result["applied"] == true);
    CHECK(result["bitsAfter"].get<double>() < result["bitsBefore"].get<double>());
    CHECK(result["candidates"].size() == 2);
    // Loaded once, for both rewrites.
    client.rewrite(8);
    client.until(RewriteClient::is_reply(8));
    CHECK(models.opened == 1);
}

TEST_CASE("$/cancelRequest and window/workDoneProgress/cancel stop a running rewrite",
          "[concurrent]") {
    Models models;
    models.gated = true;
    RewriteClient client(models);
    client.initialize(kModelSettings);

    client.rewrite(7);
    client.until([](const json& m) {
        return m.value("method", "") == "$/progress" &&
               m["params"]["value"].value("message", "").find("tokens") != std::string::npos;
    });
    client.send({{"method", "$/cancelRequest"}, {"params", {{"id", 7}}}});
    auto messages = client.until(RewriteClient::is_reply(7));
    CHECK(messages.back()["error"]["code"] == -32800);
    messages = client.until([](const json& m) {
        return m.value("method", "") == "$/progress" && m["params"]["value"]["kind"] == "end";
    });
    CHECK_FALSE(has(messages, "workspace/applyEdit"));

    client.rewrite(8);
    json token;
    client.until([&](const json& m) {
        if (m.value("method", "") != "$/progress") return false;
        token = m["params"]["token"];
        return m["params"]["value"].value("message", "").find("tokens") != std::string::npos;
    });
    client.send({{"method", "window/workDoneProgress/cancel"}, {"params", {{"token", token}}}});
    messages = client.until(RewriteClient::is_reply(8));
    CHECK(messages.back()["error"]["code"] == -32800);
    CHECK(messages.back()["error"]["message"] == "the rewrite was cancelled");
    CHECK_FALSE(has(messages, "workspace/applyEdit"));
}

TEST_CASE("An edit during the rewrite: diagnostics still flow, and nothing is applied",
          "[concurrent]") {
    Models models;
    models.gated = true;
    RewriteClient client(models);
    client.initialize(kModelSettings);
    client.rewrite(7);
    client.until(writing);  // the model is busy from here on
    // The server answers other messages while the model is busy.
    const json change = {{"text", "Now a different colour.\n"}};
    const json did_change = {{"textDocument", {{"uri", kUri}, {"version", 2}}},
                             {"contentChanges", json::array({change})}};
    client.send({{"method", "textDocument/didChange"}, {"params", did_change}});
    const auto published =
        client.until(RewriteClient::is_method("textDocument/publishDiagnostics"));
    CHECK(published.back()["params"]["version"] == 2);
    models.last->open();
    const auto messages = client.until(RewriteClient::is_reply(7));
    CHECK(messages.back()["result"]["applied"] == false);
    CHECK_FALSE(has(messages, "workspace/applyEdit"));
    const auto warning = std::find_if(messages.begin(), messages.end(), [](const json& m) {
        return m.value("method", "") == "window/showMessage";
    });
    REQUIRE(warning != messages.end());
    CHECK((*warning)["params"]["message"].get<std::string>().find("changed while") !=
          std::string::npos);
    // Asked on a version that is already gone: refused at once.
    client.rewrite(8, /*version=*/1);
    CHECK(client.until(RewriteClient::is_reply(8)).back()["error"]["code"] == -32801);
}

TEST_CASE("previewRewrite returns the edit and applies nothing", "[concurrent]") {
    Models models;
    RewriteClient client(models);
    client.initialize(kModelSettings, /*progress=*/false);
    client.rewrite(5, 1, "fantasma.previewRewrite");
    const auto messages = client.until(RewriteClient::is_reply(5));
    CHECK_FALSE(has(messages, "workspace/applyEdit"));
    CHECK(has(messages, "window/showMessage"));
    const json& result = messages.back()["result"];
    CHECK(result["edit"]["changes"][kUri].size() == 2);
    CHECK_FALSE(result.contains("applied"));
}

TEST_CASE("A rewrite that would raise the score is refused with a message", "[concurrent]") {
    // The phrase table turns "a great deal of" into "much", which this text already uses:
    // the deterministic rewrite would raise the score, and the model's answer is no better.
    const std::string text =
        "The committee spent a great deal of time on the budget this spring, and the members "
        "argued about every line of it. The chair, who had a great deal of patience, let each "
        "of them speak before she called the vote. Nobody expected the outcome. The treasurer "
        "said the numbers were sound, but the auditors disagreed with him on two points, and "
        "the report went back for another round of review before the summer break. It did not "
        "change much. The town has grown over the last ten years, the roads need repair, and "
        "the school wants a new roof, so there is little room left in the plan for anything "
        "else. The library asked for longer opening hours and got a polite letter in reply. The "
        "fire station asked for a second truck and was told to wait another year. When the vote "
        "finally came, the plan passed by a single voice, and the chair thanked everyone for "
        "their work and sent them home.\n";
    Models models;
    models.answer = text.substr(0, text.size() - 1);
    RewriteClient client(models);
    client.initialize(kModelSettings, /*progress=*/false, text);
    client.rewrite(6, 1, "fantasma.rewriteWithModel", static_cast<int>(text.size() - 1));
    const auto messages = client.until(RewriteClient::is_reply(6));
    CHECK_FALSE(has(messages, "workspace/applyEdit"));
    const json& result = messages.back()["result"];
    CHECK(result["applied"] == false);
    CHECK(result["reason"] == "the score would rise");
    const auto shown = std::find_if(messages.begin(), messages.end(), [](const json& m) {
        return m.value("method", "") == "window/showMessage";
    });
    REQUIRE(shown != messages.end());
    CHECK((*shown)["params"]["message"].get<std::string>().find("the rewrite was refused") !=
          std::string::npos);
}

TEST_CASE("No model, or one that cannot be loaded: a clear message, deterministic actions stay",
          "[concurrent]") {
    Models models;
    SECTION("none configured") {
        RewriteClient client(models);
        client.initialize(json::object(), false);
        client.rewrite(3);
        const auto messages = client.until(RewriteClient::is_reply(3));
        CHECK(messages.back()["error"]["code"] == -32803);
        REQUIRE(has(messages, "window/showMessage"));
        CHECK(messages.front()["params"]["message"].get<std::string>().find("fantasma.model") !=
              std::string::npos);
    }
    SECTION("missing file") {
        RewriteClient client(models);
        client.initialize(
            {{"fantasma", {{"model", "/models/missing"}, {"showCommonHabits", true}}}}, false);
        client.rewrite(3);
        const auto messages = client.until(RewriteClient::is_reply(3));
        CHECK(messages.back()["error"]["code"] == -32803);
        const std::string message = messages.front()["params"]["message"];
        CHECK(message.find("could not be loaded: /models/missing: no such file") !=
              std::string::npos);
        CHECK(message.find("deterministic rewrite actions still work") != std::string::npos);
        client.send({{"id", 4},
                     {"method", "textDocument/codeAction"},
                     {"params",
                      {{"textDocument", {{"uri", kUri}}},
                       {"range",
                        {{"start", {{"line", 0}, {"character", 5}}},
                         {"end", {{"line", 0}, {"character", 5}}}}},
                       {"context", {{"diagnostics", json::array()}}}}}});
        const json actions = client.until(RewriteClient::is_reply(4)).back()["result"];
        std::vector<std::string> titles;
        for (const json& action : actions) titles.push_back(action["title"]);
        CHECK(std::count(titles.begin(), titles.end(),
                         "Rewrite paragraph in a neutral style (2 changes)") == 1);
        CHECK(std::count(titles.begin(), titles.end(),
                         "Rewrite paragraph in a neutral style with the model") == 1);
    }
}

TEST_CASE("The model is released after the idle timeout and loaded again when needed",
          "[concurrent]") {
    Models models;
    RewriteClient client(models);
    client.initialize({{"fantasma", {{"model", "/models/tiny"}, {"modelIdleSeconds", 0}}}}, false);
    client.rewrite(3);
    client.until(RewriteClient::is_reply(3));
    client.server().rewrite_service().wait_idle();
    // Released by the rewrite thread as soon as it is idle: wait for it, without a clock.
    for (int tries = 0; tries < 2000 && client.server().rewrite_service().model_loaded(); ++tries)
        std::this_thread::sleep_for(5ms);
    CHECK_FALSE(client.server().rewrite_service().model_loaded());
    client.rewrite(4);
    client.until(RewriteClient::is_reply(4));
    CHECK(models.opened == 2);
}

TEST_CASE("A server closed while the model writes stops the rewrite instead of waiting for it",
          "[concurrent]") {
    Models models;
    models.gated = true;  // never opened: only the shutdown can end this rewrite
    {
        RewriteClient client(models);
        client.initialize(kModelSettings);
        client.rewrite(7);
        client.until([](const json& m) {
            return m.value("method", "") == "$/progress" &&
                   m["params"]["value"].value("message", "").find("tokens") != std::string::npos;
        });
    }  // the server's destructor must return
    CHECK(models.opened == 1);
}

TEST_CASE("With a profile the model starts from the word-choice pass", "[concurrent]") {
    // A profile whose writer says "utilized" where most writers say "used".
    const std::filesystem::path folder =
        std::filesystem::temp_directory_path() /
        ("fantasma-word-choice-" + std::to_string(reinterpret_cast<std::uintptr_t>(&folder)));
    std::filesystem::create_directories(folder);
    std::ofstream(folder / "notes.txt")
        << "We utilized a new method this year. The team utilized the old maps, and the "
           "farmers utilized the river. In the end we utilized every hour of light.\n";
    const std::string text = "The engineers utilized a small pump for the garden that spring.\n";
    // The model's only candidate is empty, so the deterministic result is what is applied.
    const auto applied_edits = [&](double share) {
        Models models;
        models.answer = "";
        RewriteClient client(models);
        client.initialize({{"fantasma",
                            {{"model", "/models/tiny"},
                             {"rewriteCandidates", 1},
                             {"profileDirectory", folder.string()},
                             {"wordChoice", share}}}},
                          false, text);
        client.rewrite(5, 1, "fantasma.rewriteWithModel", 63);
        const auto messages = client.until(RewriteClient::is_reply(5));
        std::vector<std::string> inserted;
        for (const json& m : messages) {
            if (m.value("method", "") != "workspace/applyEdit") continue;
            for (const json& edit : m["params"]["edit"]["changes"][kUri])
                inserted.push_back(edit["newText"]);
        }
        return inserted;
    };
    CHECK(applied_edits(0.5) == std::vector<std::string>{"used"});
    CHECK(applied_edits(0.0).empty());
    std::filesystem::remove_all(folder);
}
