"""The documented priors: what the population looks like where Brown (edited American prose
of 1961, transcribed in ASCII) cannot say. Each prior is a mixture of writer groups; each
group is a share of writers and how their rates spread:

    ("value", v)               every writer of the group at v
    ("uniform", a, b)          spread evenly over [a, b]
    ("log-uniform", a, b)      spread evenly over [log a, log b]
    ("measured", fallback)     spread like Brown's measured writers (fallback: a component
                               used when the feature was not measured)

The figures are stated assumptions, not measurements: rough shares chosen from the reasons
given, to be replaced when a corpus that shows the habit is available. Feature names must be
the ones the detectors pass to MarkerSink::measure.
"""

# Non-American (Commonwealth) spellers among English writers: the US has about 300 million
# native English speakers; the UK (60M), Canada (20M, mixed spelling), Australia (18M), New
# Zealand and Ireland (about 9M) together about 107M, so about 26% of native writers, and
# British spelling is also what India, Africa and most of Europe are taught. Assumption: 30%.
COMMONWEALTH = 0.30


def dominant_style(feature, share, why):
    """A style where each writer mostly sticks to one form (dashes, ellipses): `share` of the
    writers use this form for 70-100% of their uses; of the rest, most never use it and some
    mix it in at 2-30%."""
    others = 1.0 - share
    return {
        "feature": feature,
        "source": f"{share:.0%} of writers mostly use this form (assumption)",
        "why": why,
        "mixture": [(share, ("uniform", 0.7, 1.0)), (others * 0.85, ("value", 0.0)),
                    (others * 0.15, ("uniform", 0.02, 0.3))],
    }


DASH_WHY = ("Brown's typists wrote every dash as '--', so it cannot show dash styles. Assumed "
            "shares of writers by their usual dash: spaced hyphen ' - ' 30% (plain keyboards), "
            "double hyphen 20%, unspaced em dash 20% (word processors, US style), spaced en "
            "dash 15% (British style, Word's autocorrect), spaced em dash 10%, triple hyphen 5%.")
ELLIPSIS_WHY = ("Brown has no ellipses as typed. Assumed usual forms: '...' 65%, the ellipsis "
                "character 20% (phone and Mac autocorrect), '....' or longer 10%, '. . .' 5%.")
CURLY_WHY = ("Brown is plain ASCII. Plain keyboards in browsers, chat, Markdown and code "
             "editors type straight marks; word processors and phone keyboards curl them. "
             "Assumption: 60% of writers all straight, 25% all curly, 15% mixed.")

PRIORS = [
    {
        "feature": "spelling.regional",
        "source": f"{COMMONWEALTH:.0%} of writers use British/Commonwealth spelling (assumption)",
        "why": "Brown is American: no British, Canadian or Australian spellers. "
               f"Assumption: {COMMONWEALTH:.0%} of English writers spell the Commonwealth "
               "way (native-speaker counts: US about 300M against about 107M in the UK, "
               "Canada, Australia, New Zealand and Ireland, plus learners taught British "
               "spelling); they use a regional form for 50-100% of the words that have one "
               "(Oxford -ize and shared forms make it less than all). The other writers are "
               "spread like Brown's.",
        "mixture": [(1 - COMMONWEALTH, ("measured", ("value", 0.0))),
                    (COMMONWEALTH, ("uniform", 0.5, 1.0))],
    },
    {
        "feature": "apostrophe.straight",
        "source": "60% of writers all straight, 25% all curly, 15% mixed (assumption)",
        "why": CURLY_WHY,
        "mixture": [(0.60, ("value", 1.0)), (0.25, ("value", 0.0)),
                    (0.15, ("uniform", 0.1, 0.9))],
    },
    {
        "feature": "quote.straight-double",
        "source": "60% of writers all straight, 25% all curly, 15% mixed (assumption)",
        "why": CURLY_WHY,
        "mixture": [(0.60, ("value", 1.0)), (0.25, ("value", 0.0)),
                    (0.15, ("uniform", 0.1, 0.9))],
    },
    {
        "feature": "quote.single",
        "source": "20% of writers quote with single marks first (assumption)",
        "why": "Brown follows American style (double quotation marks first). British style "
               "puts single marks first; assumed two thirds of the Commonwealth writers "
               "(20% of all) do, for 60-100% of their quotations. The rest as Brown.",
        "mixture": [(0.80, ("measured", ("value", 0.0))), (0.20, ("uniform", 0.6, 1.0))],
    },
    dominant_style("dash.spaced-hyphen", 0.30, DASH_WHY),
    dominant_style("dash.double-hyphen", 0.20, DASH_WHY),
    dominant_style("dash.em", 0.20, DASH_WHY),
    dominant_style("dash.en-spaced", 0.15, DASH_WHY),
    dominant_style("dash.em-spaced", 0.10, DASH_WHY),
    dominant_style("dash.triple-hyphen", 0.05, DASH_WHY),
    dominant_style("ellipsis.periods", 0.65, ELLIPSIS_WHY),
    dominant_style("ellipsis.character", 0.20, ELLIPSIS_WHY),
    dominant_style("ellipsis.long", 0.10, ELLIPSIS_WHY),
    dominant_style("ellipsis.spaced-periods", 0.05, ELLIPSIS_WHY),
    {
        "feature": "ellipsis.space-before",
        "source": "25% of writers space before an ellipsis, 10% sometimes (assumption)",
        "why": "Brown has no ellipses as typed. Assumption: 25% of writers put a space "
               "before an ellipsis ('wait ...') 70-100% of the time, 10% sometimes.",
        "mixture": [(0.25, ("uniform", 0.7, 1.0)), (0.10, ("uniform", 0.1, 0.7)),
                    (0.65, ("value", 0.0))],
    },
    {
        "feature": "space.double-after-sentence",
        "source": "10% of writers double-space after sentences, 5% sometimes (assumption)",
        "why": "The Brown transcription normalised spacing. Two spaces after a full stop was "
               "the typewriter convention, dropped by style guides; assumed kept by 10% of "
               "writers (80-100% of their sentence ends) and mixed by 5%.",
        "mixture": [(0.85, ("value", 0.0)), (0.10, ("uniform", 0.8, 1.0)),
                    (0.05, ("uniform", 0.1, 0.8))],
    },
    {
        "feature": "caps.lowercase-i",
        "source": "7% of writers write a lower-case 'i' (assumption)",
        "why": "Brown is edited prose: nobody writes 'i' for 'I'. Assumption: 7% of writers "
               "online do, for 30-100% of their uses; the rest as Brown.",
        "mixture": [(0.93, ("measured", ("value", 0.0))), (0.07, ("uniform", 0.3, 1.0))],
    },
    {
        "feature": "caps.lowercase-start",
        "source": "10% of writers start sentences in lower case (assumption)",
        "why": "Brown is edited prose. Assumption: 10% of writers online start 20-100% of "
               "their sentences in lower case; the rest as Brown.",
        "mixture": [(0.90, ("measured", ("value", 0.0))), (0.10, ("uniform", 0.2, 1.0))],
    },
    {
        "feature": "spelling.misspelled",
        "source": "25% of writers leave 1 in 500 to 1 in 50 words misspelled (assumption)",
        "why": "Brown was copy-edited for print, so it has almost no misspellings. "
               "Assumption: 25% of writers of unedited prose leave 1 in 500 to 1 in 50 words "
               "misspelled (log scale); the rest as Brown.",
        "mixture": [(0.75, ("measured", ("value", 0.0))),
                    (0.25, ("log-uniform", 0.002, 0.02))],
    },
    {
        "feature": "date.day-month",
        "source": f"{COMMONWEALTH:.0%} of writers write the day first (assumption)",
        "why": "Brown is American (March 5). Assumption: the Commonwealth writers "
               f"({COMMONWEALTH:.0%}) write 5 March for 70-100% of their dates; the rest as "
               "Brown.",
        "mixture": [(1 - COMMONWEALTH, ("measured", ("value", 0.0))),
                    (COMMONWEALTH, ("uniform", 0.7, 1.0))],
    },
    {
        "feature": "time.24-hour",
        "source": "20% of writers use the 24-hour clock (assumption)",
        "why": "Brown is American (5 p.m.). Assumption: 20% of English writers (Europeans, "
               "the military, many non-native writers) write 17:00 for 70-100% of their "
               "times; the rest as Brown.",
        "mixture": [(0.80, ("measured", ("value", 0.0))), (0.20, ("uniform", 0.7, 1.0))],
    },
    {
        "feature": "emoji.rate",
        "source": "30% of writers use emoji, 1 per 1,000 to 1 per 50 words (assumption)",
        "why": "Brown (1961) has no emoji. Assumption: in prose (not chat) 70% of writers "
               "use none and 30% use them at 1 per 1,000 to 1 per 50 words, spread evenly "
               "on a log scale.",
        "mixture": [(0.70, ("value", 0.0)), (0.30, ("log-uniform", 0.001, 0.02))],
    },
    {
        "feature": "emoticon.rate",
        "source": "15% of writers use emoticons, 1 per 2,000 to 1 per 100 words (assumption)",
        "why": "Brown has no emoticons. Assumption: 85% of writers use none in prose, 15% "
               "use them at 1 per 2,000 to 1 per 100 words, spread evenly on a log scale.",
        "mixture": [(0.85, ("value", 0.0)), (0.15, ("log-uniform", 0.0005, 0.01))],
    },
]


def invisible(feature, share, low, high, sources):
    """Invisible characters: Brown's ASCII transcription has none. `share` of writers leave
    them, from `sources`, at `low` to `high` per word (log scale); the rest never do."""
    return {
        "feature": feature,
        "source": f"{share:.1%} of writers' texts carry them (assumption)",
        "why": f"Brown is transcribed in plain ASCII, so it has none. Assumption: {share:.1%} "
               f"of writers' texts carry them ({sources}), at 1 per {1 / high:,.0f} to 1 per "
               f"{1 / low:,.0f} words, spread evenly on a log scale; the rest none.",
        "mixture": [(1 - share, ("value", 0.0)), (share, ("log-uniform", low, high))],
    }


PRIORS += [
    invisible("invisible.zero-width", 0.03, 0.0002, 0.01,
              "web editors and pages copied from, chat programs, watermarks"),
    invisible("invisible.direction", 0.05, 0.0002, 0.05,
              "editors and keyboards set up for right-to-left languages, some mail and chat "
              "programs"),
    invisible("invisible.tag", 0.002, 0.0002, 0.05, "watermarks and hidden messages"),
    invisible("invisible.variation-selector", 0.005, 0.0002, 0.01,
              "watermarks, emoji pickers that leave a selector behind"),
    invisible("invisible.unusual-space", 0.10, 0.0002, 0.05,
              "word processors, web pages copied from, Option-Space on a Mac"),
    invisible("invisible.soft-hyphen", 0.02, 0.0002, 0.01,
              "hyphenation tools, copies from web pages and PDFs"),
    invisible("invisible.look-alike", 0.005, 0.0002, 0.01,
              "watermarks, a second keyboard layout"),
    invisible("invisible.spacing", 0.15, 0.0005, 0.02, "double spaces between words"),
    invisible("invisible.trailing-whitespace", 0.20, 0.0005, 0.125,
              "editors that keep the blanks typed at line ends, watermarks; measured per word, "
              "up to one line in eight words"),
]
